package io.idempo.runtime.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;
import io.idempo.testing.TestClock;
import io.idempo.testing.net.LoopbackPorts;
import io.idempo.testing.redis.RedisProcess;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * {@link FailOpenClaimStore} in front of a real {@link JedisClaimStore} whose Redis is absent, killed and
 * restarted, or hung. Every call must come back (never throw), as "unavailable" when Redis cannot answer; after
 * the threshold the circuit must stop calling Redis at all (a {@link CountingClaimStore} between the two shows
 * it) until {@code openFor} has passed. The circuit runs on a {@link TestClock}, so no test waits for it.
 */
class FailOpenClaimStoreTest {

    private static final int THRESHOLD = 3;
    private static final Duration OPEN_FOR = Duration.ofSeconds(5);
    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final String FINGERPRINT = "f".repeat(64);
    private static final CompletedCall CALL = new CompletedCall(FINGERPRINT, Map.of(),
            new StoredOutcome(StoredOutcome.Kind.RESULT, "{}"));
    /** RedisClients.TIMEOUT_MILLIS (500) plus a generous margin for a loaded two-core machine. */
    private static final long HUNG_CALL_BOUND_MILLIS = 2_000;

    private final TestClock clock = new TestClock();

    private FailOpenClaimStore failOpen(ClaimStore delegate) {
        return new FailOpenClaimStore(delegate, THRESHOLD, OPEN_FOR, Duration.ofSeconds(30), clock);
    }

    private static String token() {
        return UUID.randomUUID().toString();
    }

    @Test
    void aClosedPortGivesUnavailableAndOpensTheCircuitAfterTheThreshold() throws Exception {
        UnifiedJedis client = RedisClients.failFast("redis://127.0.0.1:"
                + LoopbackPorts.free());
        try {
            CountingClaimStore redis = new CountingClaimStore(new JedisClaimStore(client, "idempo-failopen:"));
            FailOpenClaimStore store = failOpen(redis);

            for (int i = 0; i < THRESHOLD; i++) {
                assertFalse(store.isOpen(), "closed before failure " + (i + 1));
                assertInstanceOf(ClaimResult.Unavailable.class, store.claim("k", token(), FINGERPRINT, LEASE));
            }
            assertEquals(THRESHOLD, redis.calls(), "each failed claim did contact Redis");
            assertTrue(store.isOpen(), "open after " + THRESHOLD + " consecutive failures");

            assertEquals(new ClaimResult.Unavailable("circuit open"), store.claim("k", token(), FINGERPRINT, LEASE));
            store.complete("k", CALL, LEASE);
            store.release("k", token());
            assertEquals(Optional.empty(), store.completed("k"));
            assertFalse(store.isHeld("k"));
            assertEquals(THRESHOLD, redis.calls(), "while open, no call reaches Redis");
            assertEquals(THRESHOLD + 5, store.degradedCalls(), "failed and skipped calls are all counted");

            clock.advance(OPEN_FOR);
            assertFalse(store.isOpen());
            assertInstanceOf(ClaimResult.Unavailable.class, store.claim("k", token(), FINGERPRINT, LEASE));
            assertEquals(THRESHOLD + 1, redis.calls(), "after openFor one call probes Redis");
            assertTrue(store.isOpen(), "the failed probe opens the circuit again at once");
            assertEquals(new ClaimResult.Unavailable("circuit open"), store.claim("k", token(), FINGERPRINT, LEASE));
            assertEquals(THRESHOLD + 1, redis.calls());
            assertEquals(THRESHOLD + 7, store.degradedCalls());
        } finally {
            client.close();
        }
    }

    @Test
    void everyOperationFailsOpenWithoutThrowing() throws Exception {
        UnifiedJedis client = RedisClients.failFast("redis://127.0.0.1:"
                + LoopbackPorts.free());
        try {
            CountingClaimStore redis = new CountingClaimStore(new JedisClaimStore(client, "idempo-failopen:"));
            FailOpenClaimStore store = new FailOpenClaimStore(redis, 100, OPEN_FOR, Duration.ofSeconds(30), clock);
            ClaimResult.Unavailable unavailable = assertInstanceOf(ClaimResult.Unavailable.class,
                    store.claim("k", token(), FINGERPRINT, LEASE));
            assertTrue(unavailable.reason().startsWith("JedisConnectionException"),
                    () -> "names Jedis's failure: " + unavailable);
            store.complete("k", CALL, LEASE);
            store.release("k", token());
            assertEquals(Optional.empty(), store.completed("k"));
            assertFalse(store.isHeld("k"));
            assertEquals(5, redis.calls(), "below the threshold every operation tried Redis");
            assertEquals(5, store.degradedCalls());
        } finally {
            client.close();
        }
    }

    @Test
    void aKilledRedisDegradesAndTheCircuitClosesAgainOnceItIsBack() throws Exception {
        try (RedisProcess server = RedisProcess.started()) {
            UnifiedJedis client = RedisClients.failFast(server.url());
            try {
                CountingClaimStore redis = new CountingClaimStore(new JedisClaimStore(client, "idempo-failopen:"));
                FailOpenClaimStore store = failOpen(redis);
                assertEquals(new ClaimResult.Claimed(), store.claim("before", token(), FINGERPRINT, LEASE));

                server.kill();
                for (int i = 0; i < THRESHOLD; i++) {
                    assertInstanceOf(ClaimResult.Unavailable.class, store.claim("k" + i, token(), FINGERPRINT, LEASE));
                }
                assertTrue(store.isOpen());
                int callsWhenOpened = redis.calls();
                for (int i = 0; i < 20; i++) {
                    assertEquals(new ClaimResult.Unavailable("circuit open"),
                            store.claim("k" + i, token(), FINGERPRINT, LEASE));
                }
                assertEquals(callsWhenOpened, redis.calls(), "an open circuit does not contact the dead Redis");

                server.start();
                ClaimResult probe = claimOnceRecovered(store, () -> store.claim("after", token(), FINGERPRINT, LEASE));
                assertEquals(new ClaimResult.Claimed(), probe, "the restarted Redis answers through the store again");
                assertFalse(store.isOpen());
                assertInstanceOf(ClaimResult.Held.class, store.claim("after", token(), FINGERPRINT, LEASE));
                assertEquals(new ClaimResult.Claimed(), store.claim("before", token(), FINGERPRINT, LEASE),
                        "the restart emptied Redis: the claim taken before is gone");
                store.complete("after", CALL, LEASE);
                assertEquals(Optional.of(CALL), store.completed("after"));
                assertTrue(store.degradedCalls() >= THRESHOLD + 20);
            } finally {
                client.close();
            }
        }
    }

    /**
     * A pooled connection opened before the restart fails once and is discarded; until a new one answers, a probe may
     * still fail and reopen the circuit. Lets the window pass and probes again, for at most ten seconds.
     */
    private ClaimResult claimOnceRecovered(FailOpenClaimStore store, Supplier<ClaimResult> claim)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            clock.advance(OPEN_FOR);
            ClaimResult result = claim.get();
            if (!(result instanceof ClaimResult.Unavailable) || System.nanoTime() > deadline) {
                return result;
            }
            Thread.sleep(50);
        }
    }

    @Test
    void aPausedRedisAnswersUnavailableWithinTheTimeout() throws Exception {
        try (RedisProcess server = RedisProcess.started()) {
            UnifiedJedis client = RedisClients.failFast(server.url());
            try {
                CountingClaimStore redis = new CountingClaimStore(new JedisClaimStore(client, "idempo-failopen:"));
                FailOpenClaimStore store = failOpen(redis);
                assertEquals(new ClaimResult.Claimed(), store.claim("warm", token(), FINGERPRINT, LEASE));

                assertEquals("OK", server.command("CLIENT", "PAUSE", "3000", "ALL"));
                assertInstanceOf(ClaimResult.Unavailable.class,
                        bounded(() -> store.claim("k", token(), FINGERPRINT, LEASE)));
                assertEquals(Optional.empty(), bounded(() -> store.completed("k")));
                bounded(() -> {
                    store.complete("k", CALL, LEASE);
                    return null;
                });
                assertTrue(store.isOpen(), "three timeouts opened the circuit");
                int calls = redis.calls();
                assertEquals(new ClaimResult.Unavailable("circuit open"),
                        bounded(() -> store.claim("k", token(), FINGERPRINT, LEASE)));
                assertEquals(calls, redis.calls());
                assertEquals(4, store.degradedCalls());
            } finally {
                server.kill(); // no need to wait for the pause to end
                client.close();
            }
        }
    }

    @Test
    void aSleepingRedisAnswersUnavailableWithinTheTimeout() throws Exception {
        try (RedisProcess server = RedisProcess.started()) {
            UnifiedJedis client = RedisClients.failFast(server.url());
            try {
                FailOpenClaimStore store = failOpen(new JedisClaimStore(client, "idempo-failopen:"));
                assertEquals(new ClaimResult.Claimed(), store.claim("warm", token(), FINGERPRINT, LEASE));
                server.sendInBackground("DEBUG", "SLEEP", "3");
                Thread.sleep(200); // let DEBUG SLEEP reach the server first
                ClaimResult.Unavailable unavailable = assertInstanceOf(ClaimResult.Unavailable.class,
                        bounded(() -> store.claim("k", token(), FINGERPRINT, LEASE)));
                assertTrue(unavailable.reason().contains("Timeout"), () -> "a response timeout: " + unavailable);
                assertEquals(1, store.degradedCalls());
            } finally {
                server.kill();
                client.close();
            }
        }
    }

    private static <T> T bounded(Supplier<T> call) {
        long start = System.nanoTime();
        T result = call.get();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < HUNG_CALL_BOUND_MILLIS, "took " + millis + " ms; RedisClients.TIMEOUT_MILLIS is "
                + RedisClients.TIMEOUT_MILLIS);
        return result;
    }

    /** A store that fails on demand, or blocks until released: the circuit's states without a server. */
    private static final class ScriptedStore implements ClaimStore {
        volatile boolean failing = true;
        volatile CountDownLatch block;
        final CountDownLatch entered = new CountDownLatch(1);
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public ClaimResult claim(String keyHash, String token, String fingerprint, Duration lease) {
            calls.incrementAndGet();
            return answer();
        }

        private ClaimResult answer() {
            if (block != null) {
                entered.countDown();
                try {
                    block.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (failing) {
                throw new IllegalStateException("scripted failure");
            }
            return new ClaimResult.Claimed();
        }

        @Override
        public boolean renew(String keyHash, String token, Duration timeout) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void complete(String keyHash, CompletedCall call, Duration ttl) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void release(String keyHash, String token) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<CompletedCall> completed(String keyHash) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isHeld(String keyHash) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean forget(String keyHash) {
            calls.incrementAndGet();
            if (failing) {
                throw new IllegalStateException("scripted failure");
            }
            return true;
        }
    }

    /**
     * An operator's forget is not a call to be failed open: it reaches the store even with the circuit open, and a
     * failure is counted and thrown, so that the operator learns that the outcome may still be there.
     */
    @Test
    void forgetReachesTheStoreWhileTheCircuitIsOpenAndThrowsItsFailure() {
        ScriptedStore scripted = new ScriptedStore();
        FailOpenClaimStore store = failOpen(scripted);
        for (int i = 0; i < THRESHOLD; i++) {
            store.claim("k", token(), FINGERPRINT, LEASE);
        }
        assertTrue(store.isOpen());
        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> store.forget("k"));
        assertEquals("scripted failure", failure.getMessage());
        assertEquals(THRESHOLD + 1, store.failures());
        assertEquals(THRESHOLD + 1, scripted.calls.get(), "the circuit did not skip it");

        scripted.failing = false;
        assertTrue(store.forget("k"));
        assertTrue(store.isOpen(), "one operator's request leaves the circuit as it was");
    }

    @Test
    void afterOpenForOnlyOneCallProbesAndASuccessClosesTheCircuit() throws Exception {
        ScriptedStore scripted = new ScriptedStore();
        FailOpenClaimStore store = failOpen(scripted);
        for (int i = 0; i < THRESHOLD; i++) {
            store.claim("k", token(), FINGERPRINT, LEASE);
        }
        assertTrue(store.isOpen());
        clock.advance(OPEN_FOR);
        scripted.failing = false;
        scripted.block = new CountDownLatch(1);
        CompletableFuture<ClaimResult> probe = CompletableFuture.supplyAsync(
                () -> store.claim("k", token(), FINGERPRINT, LEASE));
        assertTrue(scripted.entered.await(5, TimeUnit.SECONDS));
        assertEquals(new ClaimResult.Unavailable("circuit open"), store.claim("k", token(), FINGERPRINT, LEASE),
                "while the probe is out, other calls do not pile onto a store that may still hang");
        scripted.block.countDown();
        assertEquals(new ClaimResult.Claimed(), probe.get(5, TimeUnit.SECONDS));
        scripted.block = null;
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), FINGERPRINT, LEASE), "closed again");
        assertEquals(new ClaimResult.Claimed(), store.claim("k", token(), FINGERPRINT, LEASE));
        assertEquals(THRESHOLD + 3, scripted.calls.get());

        scripted.failing = true;
        for (int i = 0; i < THRESHOLD - 1; i++) {
            store.claim("k", token(), FINGERPRINT, LEASE);
        }
        assertFalse(store.isOpen(), "after a recovery the full threshold applies again");
        store.claim("k", token(), FINGERPRINT, LEASE);
        assertTrue(store.isOpen());
    }
}
