package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * In plain Java the engine owns the transaction boundary: a call that arrives without a transaction is claimed in
 * the store first and only then begins one, so a duplicate of a running or completed call never takes a connection
 * from the pool. Proved with a pool of one connection that the first call holds for two seconds.
 */
class EngineOwnedTransactionTest {

    private static final OrderRequest REQUEST = new OrderRequest(8001, 1, new BigDecimal("12.00"));
    private static final Duration FIRST_CALL_HOLDS_THE_POOL = Duration.ofSeconds(2);

    @ParameterizedTest
    @EnumSource(value = ClaimMode.class, names = {"IN_MEMORY", "REDIS"})
    void duplicatesNeverWaitForTheConnectionTheFirstCallHolds(ClaimMode mode) throws Exception {
        ExecutorService first = Executors.newSingleThreadExecutor();
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, mode, Duration.ZERO,
                EngineHarness.Options.DEFAULT.poolSize(1))) {
            String key = "owned-" + UUID.randomUUID();
            harness.shop.delay = FIRST_CALL_HOLDS_THE_POOL;
            Future<Order> running = first.submit(() -> harness.shop.placeOrder(REQUEST, key));
            awaitFirstExecution(harness);

            harness.statements.start();
            long started = System.nanoTime();
            assertThrows(IdempotencyInProgressException.class, () -> harness.shop.placeOrder(REQUEST, key));
            Duration answeredIn = Duration.ofNanos(System.nanoTime() - started);
            List<StatementLog.Entry> duplicate = harness.statements.stopIncludingConnections();

            assertEquals(List.of(), duplicate, "the duplicate of a running call took no connection");
            assertTrue(answeredIn.compareTo(FIRST_CALL_HOLDS_THE_POOL.dividedBy(2)) < 0,
                    "answered in " + answeredIn + ", without waiting for the pool's only connection");
            Order order = running.get(30, TimeUnit.SECONDS);

            harness.statements.start();
            assertEquals(order, harness.shop.placeOrder(REQUEST, key));
            assertEquals(List.of(), harness.statements.stopIncludingConnections(), "the duplicate of a completed call took none either");
            assertEquals(1, harness.orderRows(key));
            assertEquals(1, harness.shop.executions.get());
        } finally {
            first.shutdownNow();
        }
    }

    private static void awaitFirstExecution(EngineHarness harness) throws InterruptedException {
        for (int i = 0; i < 1000 && harness.shop.executions.get() == 0; i++) {
            Thread.sleep(10);
        }
        assertEquals(1, harness.shop.executions.get());
    }
}
