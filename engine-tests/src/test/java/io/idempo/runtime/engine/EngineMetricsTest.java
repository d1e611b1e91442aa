package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.IdempotencyKeyReusedException;
import io.idempo.runtime.engine.Shop.OrderRequest;
import io.idempo.runtime.engine.Shop.OutOfStockException;
import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.ClaimStoreHealth;
import io.idempo.runtime.spi.IdempotencyMetrics;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The engine reports every call's outcome once, with its action and duration, and the claim store's health once:
 * what the metrics of docs/operations.md count. Each outcome is provoked for real on PostgreSQL.
 */
class EngineMetricsTest {

    private static final OrderRequest REQUEST = new OrderRequest(9001, 1, new BigDecimal("3.00"));

    /** What the engine reported, per action and outcome. */
    private static final class Recorded implements IdempotencyMetrics {
        final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
        final AtomicInteger recordStoreFailures = new AtomicInteger();
        volatile ClaimStoreHealth observed;
        volatile long shortestNanos = Long.MAX_VALUE;

        @Override
        public void callEnded(String action, CallOutcome outcome, long nanos) {
            calls.computeIfAbsent(action + "/" + outcome.label(), k -> new AtomicInteger()).incrementAndGet();
            shortestNanos = Math.min(shortestNanos, nanos);
        }

        @Override
        public void recordStoreFailed() {
            recordStoreFailures.incrementAndGet();
        }

        @Override
        public void observe(ClaimStoreHealth claimStore) {
            observed = claimStore;
        }

        @Override
        public void stuckRecordsCounted(long count) {
            throw new AssertionError("the engine itself never counts stuck records");
        }

        int count(String outcome) {
            AtomicInteger count = calls.get("orders.create/" + outcome);
            return count == null ? 0 : count.get();
        }
    }

    @Test
    void everyOutcomeIsReportedOnceWithItsAction() throws Exception {
        Recorded metrics = new Recorded();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.IN_MEMORY, Duration.ZERO,
                EngineHarness.Options.DEFAULT.metrics(metrics))) {
            String key = "metrics-" + UUID.randomUUID();
            harness.placeInTransaction(REQUEST, key);
            harness.placeInTransaction(REQUEST, key);
            harness.placeInTransaction(REQUEST, key);
            assertThrows(IdempotencyKeyReusedException.class,
                    () -> harness.placeInTransaction(new OrderRequest(9001, 2, REQUEST.amount()), key));
            String outOfStock = "metrics-" + UUID.randomUUID();
            assertThrows(OutOfStockException.class,
                    () -> harness.placeInTransaction(new OrderRequest(9001, 101, REQUEST.amount()), outOfStock));
            harness.shop.failAfterWrite = true;
            assertThrows(IllegalStateException.class,
                    () -> harness.placeInTransaction(REQUEST, "metrics-" + UUID.randomUUID()));
            harness.shop.failAfterWrite = false;
            String slow = "metrics-" + UUID.randomUUID();
            harness.shop.delay = Duration.ofSeconds(1);
            Future<?> running = pool.submit(() -> harness.placeInTransaction(REQUEST, slow));
            while (harness.shop.executions.get() < 4) {
                Thread.sleep(5);
            }
            assertThrows(IdempotencyInProgressException.class, () -> harness.placeInTransaction(REQUEST, slow));
            running.get(30, TimeUnit.SECONDS);

            assertEquals(2, metrics.count("first"), metrics.calls.toString());
            assertEquals(2, metrics.count("replayed"), metrics.calls.toString());
            assertEquals(1, metrics.count("key_reused"), metrics.calls.toString());
            assertEquals(1, metrics.count("stored_failure"), metrics.calls.toString());
            assertEquals(1, metrics.count("failed"), metrics.calls.toString());
            assertEquals(1, metrics.count("in_progress"), metrics.calls.toString());
            assertEquals(8, metrics.calls.values().stream().mapToInt(AtomicInteger::get).sum(), "one report per call");
            assertTrue(metrics.shortestNanos > 0);
            assertEquals(ClaimStoreHealth.Circuit.CLOSED, metrics.observed.circuit());
            assertEquals(0, metrics.recordStoreFailures.get());
        } finally {
            pool.shutdownNow();
        }
    }

    /** With the claim store down, a duplicate meets the first call's row lock in the database: busy. */
    @Test
    void aLockConflictInTheDatabaseIsReportedAsBusy() throws Exception {
        Recorded metrics = new Recorded();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS_DOWN,
                Duration.ZERO, EngineHarness.Options.DEFAULT.metrics(metrics))) {
            String key = "metrics-" + UUID.randomUUID();
            harness.shop.delay = Duration.ofSeconds(2);
            Future<?> running = pool.submit(() -> harness.placeInTransaction(REQUEST, key));
            while (harness.shop.executions.get() < 1) {
                Thread.sleep(5);
            }
            assertThrows(IdempotencyInProgressException.class, () -> harness.placeInTransaction(REQUEST, key));
            running.get(30, TimeUnit.SECONDS);
            assertEquals(1, metrics.count("busy"), metrics.calls.toString());
            assertTrue(metrics.observed.failures() > 0, "the unreachable Redis counted its failures");
        } finally {
            pool.shutdownNow();
        }
    }
}
