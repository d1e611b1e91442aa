package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.claim.FailOpenClaimStore;
import io.idempo.runtime.claim.RedisServer;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.IntStream;
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
    private static final int COPIES = 2;

    private final Map<String, Set<Order>> results = new ConcurrentHashMap<>();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger calls = new AtomicInteger();

    private static OrderRequest request(String key) {
        return new OrderRequest(Math.abs(key.hashCode()), 1 + Math.abs(key.hashCode() % 5), new BigDecimal("10.00"));
    }

    private static List<String> keys(String run, String group, int count) {
        return IntStream.range(0, count).mapToObj(i -> "outage-" + run + "-" + group + "-" + i).toList();
    }

    /** One call as a client makes it; "in progress" is a legitimate answer to a concurrent duplicate. */
    private void call(EngineHarness harness, String key) throws Exception {
        calls.incrementAndGet();
        try {
            Order order = harness.placeInTransaction(request(key), key);
            results.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(order);
        } catch (IdempotencyInProgressException e) {
            inProgress.incrementAndGet();
        }
    }

    /**
     * Calls every key {@link #COPIES} times from {@link #THREADS} threads (the copies of a key side by side, so
     * they race), and injects {@code fault} once a quarter of the calls have returned.
     */
    private void round(ExecutorService pool, EngineHarness harness, List<String> keys, Fault fault)
            throws Exception {
        ExecutorCompletionService<Void> done = new ExecutorCompletionService<>(pool);
        int submitted = 0;
        for (String key : keys) {
            for (int copy = 0; copy < COPIES; copy++) {
                done.submit(() -> {
                    call(harness, key);
                    return null;
                });
                submitted++;
            }
        }
        for (int i = 0; i < submitted; i++) {
            if (i == submitted / 4) {
                fault.inject();
            }
            done.take().get(); // any exception other than "in progress" fails the test here
        }
    }

    /** Waits (bounded) until a read reaches Redis without degrading: the circuit is closed and Redis answers. */
    private static void awaitClaimStoreAnswers(FailOpenClaimStore store) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            long degraded = store.degradedCalls();
            store.completed("0".repeat(64));
            if (store.degradedCalls() == degraded && !store.isOpen()) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("Redis did not answer again within 10 s of its restart");
    }

    @FunctionalInterface
    private interface Fault {
        void inject() throws Exception;
    }

    /** Counts the engine's outcome lines per "outcome/source", such as {@code replay/database}. */
    private static final class Outcomes extends Handler {
        final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        private final SimpleFormatter formatter = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
            String line = formatter.formatMessage(record);
            int outcome = line.indexOf("outcome=");
            int source = line.indexOf("source=");
            if (outcome >= 0 && source >= 0) {
                String key = line.substring(outcome + 8, line.indexOf(' ', outcome)) + "/" + line.substring(source + 7)
                        .split("\\s")[0];
                counts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            }
        }

        int get(String outcomeAndSource) {
            AtomicInteger count = counts.get(outcomeAndSource);
            return count == null ? 0 : count.get();
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = EngineDatabase.class, names = {"POSTGRESQL", "MARIADB"})
    void aKilledRestartedAndFlushedRedisKeepsEveryKeyAtExactlyOneRow(EngineDatabase database) throws Exception {
        Logger outcomeLogger = Logger.getLogger("io.idempo.outcome");
        Outcomes outcomes = new Outcomes();
        outcomeLogger.addHandler(outcomes);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try (RedisServer redis = RedisServer.start()) {
            AtomicReference<FailOpenClaimStore> circuit = new AtomicReference<>();
            EngineHarness.Options options = EngineHarness.Options.DEFAULT.redis(redis.address()).claims(store -> {
                // The shipped breaker with a short window, so that the test does not wait five seconds for it.
                circuit.set(new FailOpenClaimStore(store, 3, Duration.ofMillis(200), Duration.ofSeconds(30),
                        Clock.systemUTC()));
                return circuit.get();
            });
            EngineHarness harness = new EngineHarness(database, ClaimMode.REDIS, Duration.ZERO, options);
            try {
                String run = database.name().toLowerCase();
                List<String> first = keys(run, "a", 16);
                List<String> second = keys(run, "b", 16);
                List<String> late = keys(run, "c", 8);
                List<String> early = new ArrayList<>(first);
                early.addAll(second);
                List<String> all = new ArrayList<>(early);
                all.addAll(late);

                round(pool, harness, first, () -> { });
                round(pool, harness, early, redis::kill);
                assertFalse(redis.isAlive());
                round(pool, harness, early, () -> { });
                assertTrue(circuit.get().degradedCalls() > 0, "the calls went on without Redis");

                redis.restart();
                round(pool, harness, early, () -> { });
                round(pool, harness, all, () -> assertEquals("OK", redis.command("FLUSHALL")));
                round(pool, harness, all, () -> { });

                // Quiet now, once Redisson has reconnected and the circuit has closed (write-backs skipped while
                // it was open are best effort): every key answers, with the one result it ever had.
                awaitClaimStoreAnswers(circuit.get());
                for (String key : all) {
                    Order order = harness.placeInTransaction(request(key), key);
                    results.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(order);
                }
                for (String key : all) {
                    assertEquals(1, harness.orderRows(key), "business rows for " + key);
                    assertEquals(1, results.get(key).size(), () -> "distinct results for " + key + ": "
                            + results.get(key));
                }
                assertEquals(all.size(), harness.orderRows());
                assertEquals(all.size(), harness.shop.executions.get(),
                        "the method body ran once per key: the record is claimed before it runs");
                List<String> records = harness.recordState();
                assertEquals(all.size(), records.size());
                assertTrue(records.stream().allMatch(row -> row.contains("|COMPLETED|")), () -> records.toString());
                assertTrue(outcomes.get("replay/database") > 0,
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
                int replaysFromRedis = outcomes.get("replay/claim-store");
                for (String key : all) {
                    harness.statements.start();
                    Order again = harness.placeInTransaction(request(key), key);
                    List<StatementLog.Entry> statements = harness.statements.stop();
                    assertEquals(results.get(key).iterator().next(), again);
                    assertEquals(List.of(), statements.stream().filter(entry -> !entry.kind().equals("commit"))
                            .toList(), "a completed duplicate of " + key + " runs no SQL");
                }
                assertEquals(replaysFromRedis + all.size(), outcomes.get("replay/claim-store"));
                assertEquals(all.size(), harness.shop.executions.get());
                System.out.printf("RedisOutageTest %s: %d calls, %d in progress, %d degraded, outcomes %s%n",
                        database, calls.get(), inProgress.get(), circuit.get().degradedCalls(), outcomes.counts);
            } finally {
                if (!redis.isAlive()) {
                    redis.restart();
                }
                harness.close();
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
            outcomeLogger.removeHandler(outcomes);
        }
    }
}
