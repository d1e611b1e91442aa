package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.IdempotentOperation;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import io.idempo.runtime.engine.Shop.OutOfStockException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.UnifiedJedis;

/**
 * Duplicates of completed calls that reach the database, many at once: several instances of the application share
 * the database and no claim store (each has its own Redis, unreachable), so every duplicate is answered by the
 * record alone. Each must get the first call's outcome, a result or a stored exception, and never "in progress":
 * the first call's transaction ended long before. Asserted on the final state of the database.
 */
class CompletedKeyReplayTest {

    private static final IdempotentOperation<Order> PLACE_ORDER = IdempotentOperation.of("orders.replayed", Order.class)
            .ttl(Duration.ofMinutes(30))
            .storeExceptions(OutOfStockException.class);
    private static final int INSTANCES = 3;
    private static final int KEYS = 30;
    /** Every fifth key's first call is refused out of stock: a final outcome, stored and rethrown to duplicates. */
    private static final int REFUSED_EVERY = 5;
    private static final int COPIES = 8;
    private static final int ROUNDS = 3;
    private static final int THREADS = 24;

    @ParameterizedTest(name = "{0}")
    @EnumSource(EngineDatabase.class)
    void everyDuplicateOfACompletedKeyIsReplayedAcrossInstancesWithoutAClaimStore(EngineDatabase database)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<UnifiedJedis> unreachable = new ArrayList<>();
        List<IdempotencyEngine> instances = new ArrayList<>();
        try (OutcomeCounts outcomes = OutcomeCounts.capture();
             EngineHarness harness = new EngineHarness(database, ClaimMode.REDIS_DOWN)) {
            for (int i = 0; i < INSTANCES; i++) {
                UnifiedJedis redis = RedisClients.failFast("redis://127.0.0.1:1");
                unreachable.add(redis);
                instances.add(harness.anotherInstance(new JedisClaimStore(redis, harness.redisPrefix)));
            }
            List<String> keys = CallRounds.keys(database.name().toLowerCase(), "replay", KEYS);
            Map<String, Object> firstOutcomes = new ConcurrentHashMap<>();
            for (int i = 0; i < KEYS; i++) {
                String key = keys.get(i);
                firstOutcomes.put(key, outcomeOf(harness.shop, instances.get(i % INSTANCES), key, refused(i)));
            }

            AtomicInteger inProgress = new AtomicInteger();
            AtomicInteger replayed = new AtomicInteger();
            for (int round = 0; round < ROUNDS; round++) {
                List<Future<?>> calls = new ArrayList<>();
                for (int i = 0; i < KEYS; i++) {
                    String key = keys.get(i);
                    boolean refused = refused(i);
                    CyclicBarrier together = new CyclicBarrier(COPIES);
                    for (int copy = 0; copy < COPIES; copy++) {
                        IdempotencyEngine instance = instances.get(copy % INSTANCES);
                        calls.add(pool.submit(() -> {
                            together.await(10, TimeUnit.SECONDS);
                            Object outcome = outcomeOf(harness.shop, instance, key, refused);
                            if (outcome instanceof IdempotencyInProgressException) {
                                inProgress.incrementAndGet();
                            } else {
                                assertEquals(firstOutcomes.get(key), outcome, "the duplicate of " + key);
                                replayed.incrementAndGet();
                            }
                            return null;
                        }));
                    }
                }
                for (Future<?> call : calls) {
                    call.get(); // any other exception, or another outcome than the first, fails the test here
                }
            }

            int duplicates = ROUNDS * KEYS * COPIES;
            System.out.printf("CompletedKeyReplayTest %s: %d duplicates of completed keys over %d instances,"
                    + " %d in progress, %d replayed, outcomes %s%n", database, duplicates, INSTANCES,
                    inProgress.get(), replayed.get(), outcomes.counts);
            assertEquals(0, inProgress.get(), "duplicates of completed keys told \"in progress\"");
            assertEquals(duplicates, replayed.get());
            assertEquals(duplicates, outcomes.get("replayed/database"), () -> "outcomes " + outcomes.counts);
            assertEquals(KEYS, harness.shop.executions.get(), "each key's work ran once, on its first call");
            List<String> records = harness.recordState();
            assertEquals(KEYS, records.size());
            for (int i = 0; i < KEYS; i++) {
                String key = keys.get(i);
                assertEquals(refused(i) ? 0 : 1, harness.orderRows(key), "business rows of " + key);
            }
            assertEquals(KEYS / REFUSED_EVERY, records.stream().filter(row -> row.contains("|FAILED|")).count(),
                    records::toString);
            assertTrue(records.stream().allMatch(row -> row.contains("|COMPLETED|") || row.contains("|FAILED|")),
                    records::toString);
        } finally {
            for (IdempotencyEngine instance : instances) {
                instance.close();
            }
            unreachable.forEach(UnifiedJedis::close);
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static boolean refused(int keyIndex) {
        return keyIndex % REFUSED_EVERY == 0;
    }

    /**
     * One call with {@code key}: the order, the stored exception's message, or the "in progress" exception. The
     * work runs in the transaction the engine begins.
     */
    private static Object outcomeOf(Shop shop, IdempotencyEngine instance, String key, boolean refused) throws Exception {
        OrderRequest request = refused
                ? new OrderRequest(CallRounds.request(key).productId(), 101, new BigDecimal("10.00"))
                : CallRounds.request(key);
        try {
            return instance.call(PLACE_ORDER, key, request, () -> shop.writeUnprotected(request, key));
        } catch (OutOfStockException e) {
            return "stored failure: " + e.getMessage();
        } catch (IdempotencyInProgressException e) {
            return e;
        }
    }
}
