package io.idempo.runtime.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;
import io.idempo.testing.redis.RedisKeyspace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.UnifiedJedis;

/**
 * {@link WriteBehindCompletions} over the shared Redis at 6379 (a key prefix of each test's own, deleted afterwards).
 * The writer is an executor the test runs by hand, so that "before the write" and "after it" are moments the test
 * chooses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WriteBehindCompletionsTest {

    private static final String REDIS_ADDRESS = "redis://127.0.0.1:6379";
    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration TTL = Duration.ofMinutes(30);
    private static final String FINGERPRINT = "f".repeat(64);
    private static final CompletedCall CALL = new CompletedCall(FINGERPRINT, Map.of(),
            new StoredOutcome(StoredOutcome.Kind.RESULT, "{\"id\":\"o-1\"}"));

    /** Keeps the writer's tasks until the test runs them. */
    private static final class HeldWriter implements Executor {
        final List<Runnable> tasks = new ArrayList<>();

        @Override
        public synchronized void execute(Runnable task) {
            tasks.add(task);
        }

        synchronized void runAll() {
            while (!tasks.isEmpty()) {
                tasks.remove(0).run();
            }
        }
    }

    private UnifiedJedis jedis;
    private String prefix;
    private JedisClaimStore redis;
    private HeldWriter writer;
    private WriteBehindCompletions store;

    @BeforeAll
    void connect() {
        jedis = RedisClients.failFast(REDIS_ADDRESS);
    }

    @AfterAll
    void disconnect() {
        jedis.close();
    }

    @BeforeEach
    void newStore() {
        prefix = "idempo-writebehind-" + UUID.randomUUID() + ":";
        redis = new JedisClaimStore(jedis, prefix);
        writer = new HeldWriter();
        store = WriteBehindCompletions.over(redis, writer);
    }

    @AfterEach
    void deleteKeys() {
        new RedisKeyspace(REDIS_ADDRESS, prefix).deleteAll();
    }

    @Test
    void anOutcomeNotYetWrittenIsAnsweredHereAndTheHeldClaimIsNotReported() {
        String holder = UUID.randomUUID().toString();
        assertEquals(new ClaimResult.Claimed(), store.claim("k", holder, FINGERPRINT, LEASE));
        store.complete("k", CALL, TTL);

        assertInstanceOf(ClaimResult.Held.class, redis.claim("k", "other", FINGERPRINT, LEASE),
                "Redis still holds the claim");
        assertEquals(new ClaimResult.Done(CALL), store.claim("k", "other", FINGERPRINT, LEASE));
        assertEquals(Optional.of(CALL), store.completed("k"));
        assertFalse(store.isHeld("k"));

        writer.runAll();
        assertEquals(Optional.of(CALL), redis.completed("k"), "written");
        long pttl = jedis.pttl(prefix + "k");
        assertTrue(pttl > LEASE.toMillis() && pttl <= TTL.toMillis(), "with the TTL: PTTL " + pttl);
    }

    @Test
    void outcomesCompletedTogetherAreWrittenByOneTask() {
        for (int i = 0; i < 600; i++) {
            store.complete("k-" + i, CALL, TTL);
        }
        assertEquals(1, writer.tasks.size(), "one drain for all of them");
        writer.runAll();
        for (int i = 0; i < 600; i++) {
            assertEquals(Optional.of(CALL), redis.completed("k-" + i), "k-" + i);
        }
        store.complete("later", CALL, TTL);
        assertEquals(1, writer.tasks.size(), "a drain for what comes after");
    }

    /**
     * A first call's outcome and the edge's answer of the same request come up to a millisecond or so apart, after
     * the drain for the first has started: it waits for the second. Without the wait most go alone (10 of 40 pairs
     * shared a pipeline in a run with the wait set to 0).
     */
    @Test
    void outcomesCompletedWithinTheLingerShareOnePipeline() throws InterruptedException {
        PipelineCountingStore counting = new PipelineCountingStore(redis);
        WriteBehindCompletions own = WriteBehindCompletions.over(counting);
        try {
            for (int i = 0; i < 40; i++) {
                own.complete("outcome-" + i, CALL, TTL);
                long apart = System.nanoTime() + 1_000_000;
                while (System.nanoTime() < apart) {
                    Thread.onSpinWait(); // meanwhile the drain has started and, without the wait, written the first
                }
                own.complete("answer-" + i, CALL, TTL);
                for (int wait = 0; wait < 200 && redis.completed("answer-" + i).isEmpty(); wait++) {
                    Thread.sleep(5);
                }
                assertEquals(Optional.of(CALL), redis.completed("outcome-" + i));
                assertEquals(Optional.of(CALL), redis.completed("answer-" + i));
            }
        } finally {
            own.close();
        }
        long shared = counting.batchSizes().stream().filter(size -> size == 2).count();
        assertTrue(shared >= 30, "pairs written in one pipeline: " + shared + " of 40, batches "
                + counting.batchSizes());
    }

    @Test
    void aForgottenOutcomeIsNotWrittenAfterwards() {
        store.complete("k", CALL, TTL);
        assertTrue(store.forget("k"), "it held an outcome");
        writer.runAll();
        assertEquals(Optional.empty(), redis.completed("k"));
        assertEquals(Optional.empty(), store.completed("k"));
    }

    @Test
    void anOutcomeWhoseTtlPassedWhileWaitingIsNotWritten() throws InterruptedException {
        store.complete("short", CALL, Duration.ofMillis(20));
        Thread.sleep(40);
        writer.runAll();
        assertEquals(-2L, jedis.pttl(prefix + "short"), "never written");
        assertEquals(Optional.empty(), store.completed("short"), "nor kept here");
    }

    @Test
    void closeWritesWhatIsPendingAndLaterOutcomesGoStraightToTheStore() {
        store.complete("pending", CALL, TTL);
        store.close();
        assertEquals(Optional.of(CALL), redis.completed("pending"), "written by close");
        store.complete("after", CALL, TTL);
        assertEquals(Optional.of(CALL), redis.completed("after"), "written by the caller");
    }

    @Test
    void anOutcomeThatCannotBeWrittenIsDroppedNotKeptForever() {
        UnifiedJedis nowhere = RedisClients.failFast("redis://127.0.0.1:1");
        try {
            WriteBehindCompletions down = WriteBehindCompletions.over(
                    FailOpenClaimStore.wrap(new JedisClaimStore(nowhere, prefix)), writer);
            down.complete("k", CALL, TTL);
            writer.runAll();
            assertNotEquals(new ClaimResult.Done(CALL), down.claim("k", "t", FINGERPRINT, LEASE),
                    "nothing kept here once the write failed: the database record answers");
        } finally {
            nowhere.close();
        }
    }

    @Test
    void theOwnWriterWritesWithoutHelp() throws InterruptedException {
        WriteBehindCompletions own = WriteBehindCompletions.over(redis);
        try {
            own.complete("k", CALL, TTL);
            for (int wait = 0; wait < 200 && redis.completed("k").isEmpty(); wait++) {
                Thread.sleep(10);
            }
            assertEquals(Optional.of(CALL), redis.completed("k"));
        } finally {
            own.close();
        }
    }
}
