package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.RecordKey;
import io.idempo.runtime.claim.FailOpenClaimStore;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.testing.redis.RedisProcess;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * R5/R6: Redis is killed with {@code kill -9} in the middle of a stream of calls, restarted empty, and later
 * flushed, while the calls go on (several keys, each called several times, pairs of them concurrently). The
 * database record must keep every key at exactly one business row with one replayed result, and once Redis is
 * back the engine must heal it: completed duplicates are answered from Redis again, without SQL.
 */
class RedisOutageTest {

    private static final String ACTION = "orders.create";
    private static final int THREADS = 4;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = EngineDatabase.class, names = {"POSTGRESQL", "MARIADB"})
    void aKilledRestartedAndFlushedRedisKeepsEveryKeyAtExactlyOneRow(EngineDatabase database) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try (OutcomeCounts outcomes = OutcomeCounts.capture(); RedisProcess redis = RedisProcess.started()) {
            AtomicReference<FailOpenClaimStore> circuit = new AtomicReference<>();
            EngineHarness.Options options = EngineHarness.Options.DEFAULT.redis(redis.url()).claims(store -> {
                // The shipped breaker with a short window, so that the test does not wait five seconds for it.
                circuit.set(new FailOpenClaimStore(store, 3, Duration.ofMillis(200), Duration.ofSeconds(30),
                        Clock.systemUTC()));
                return circuit.get();
            });
            EngineHarness harness = new EngineHarness(database, ClaimMode.REDIS, Duration.ZERO, options);
            CallRounds rounds = new CallRounds(harness, pool);
            try {
                String run = database.name().toLowerCase();
                List<String> first = CallRounds.keys(run, "a", 16);
                List<String> second = CallRounds.keys(run, "b", 16);
                List<String> late = CallRounds.keys(run, "c", 8);
                List<String> early = new ArrayList<>(first);
                early.addAll(second);
                List<String> all = new ArrayList<>(early);
                all.addAll(late);

                rounds.round(first);
                rounds.round(early, redis::kill);
                assertFalse(redis.isAlive());
                rounds.round(early);
                assertTrue(circuit.get().degradedCalls() > 0, "the calls went on without Redis");

                redis.start();
                rounds.round(early);
                rounds.round(all, () -> assertEquals("OK", redis.command("FLUSHALL")));
                rounds.round(all);

                // Quiet now, once Jedis has reconnected and the circuit has closed (write-backs skipped while
                // it was open are best effort): every key answers, with the one result it ever had.
                CallRounds.awaitClaimStoreAnswers(circuit.get(), List.of("0".repeat(64)));
                for (String key : all) {
                    rounds.call(key);
                }
                for (String key : all) {
                    assertEquals(1, harness.orderRows(key), "business rows for " + key);
                    assertEquals(1, rounds.results(key).size(), () -> "distinct results for " + key + ": "
                            + rounds.results(key));
                }
                assertEquals(all.size(), harness.orderRows());
                assertEquals(all.size(), harness.shop.executions.get(),
                        "the method body ran once per key: the record is claimed before it runs");
                List<String> records = harness.recordState();
                assertEquals(all.size(), records.size());
                assertTrue(records.stream().allMatch(row -> row.contains("|COMPLETED|")), () -> records.toString());
                assertTrue(outcomes.get("replayed/database") > 0,
                        "duplicates that Redis had lost were caught by the database record: " + outcomes.counts);

                // Healed: the database's outcome was written back to the restarted, flushed Redis...
                for (String key : all) {
                    String hash = new RecordKey(ACTION, "", key).hash();
                    Object value = redis.command("GET", harness.redisPrefix + hash);
                    assertInstanceOf(String.class, value, "Redis knows " + key + " again");
                    assertTrue(((String) value).startsWith("C\n"), () -> key + " is completed in Redis: " + value);
                    long pttl = (Long) redis.command("PTTL", harness.redisPrefix + hash);
                    assertTrue(pttl > 0, key + " expires: PTTL " + pttl);
                }
                // ... and a completed duplicate is answered there, with no SQL and no execution.
                assertFalse(circuit.get().isOpen());
                int replaysFromRedis = outcomes.get("replayed/claim-store");
                for (String key : all) {
                    harness.statements.start();
                    Order again = harness.placeInTransaction(CallRounds.request(key), key);
                    List<StatementLog.Entry> statements = harness.statements.stop();
                    assertEquals(rounds.results(key).iterator().next(), again);
                    assertEquals(List.of(), statements.stream().filter(entry -> !entry.kind().equals("commit"))
                            .toList(), "a completed duplicate of " + key + " runs no SQL");
                }
                assertEquals(replaysFromRedis + all.size(), outcomes.get("replayed/claim-store"));
                assertEquals(all.size(), harness.shop.executions.get());
                System.out.printf("RedisOutageTest %s: %d calls, %d in progress, %d degraded, outcomes %s%n",
                        database, rounds.calls(), rounds.inProgress(), circuit.get().degradedCalls(), outcomes.counts);
            } finally {
                if (!redis.isAlive()) {
                    redis.start();
                }
                harness.close();
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
