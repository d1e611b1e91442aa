package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.IdempotencyKeyMissingException;
import io.idempo.runtime.IdempotencyKeyReusedException;
import io.idempo.runtime.IdempotentOperation;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import io.idempo.runtime.engine.Shop.OutOfStockException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The functional entry point: the same engine, layers and outcomes as a woven {@code @Idempotent} method, for code
 * that cannot be woven. The work writes through the transaction the engine begins (no transaction outside), on each
 * real database with each claim mode; every guarantee is asserted on the database's final state.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdempotentOperationTest {

    private static final IdempotentOperation<Order> PLACE_ORDER =
            IdempotentOperation.of("orders.place-functional", Order.class)
                    .ttl(Duration.ofMinutes(30))
                    .storeExceptions(OutOfStockException.class);
    private static final OrderRequest REQUEST = new OrderRequest(4001, 2, new BigDecimal("19.90"));

    private final Harnesses harnesses = new Harnesses();

    @AfterAll
    void closeHarnesses() throws Exception {
        harnesses.close();
    }

    private static String newKey() {
        return "op-" + UUID.randomUUID();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void aDuplicateGetsTheFirstResultWithoutRunningTheWork(EngineDatabase database, ClaimMode mode)
            throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        Order first = PLACE_ORDER.call(key, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, key));
        Order second = PLACE_ORDER.call(key, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, key));
        assertEquals(first, second);
        assertEquals(1, harness.shop.executions.get());
        assertEquals(1, harness.orderRows(key));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void concurrentCallsWithOneKeyRunOnce(EngineDatabase database, ClaimMode mode) throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        harness.shop.delay = Duration.ofMillis(50);
        String key = newKey();
        int threads = 20;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Future<Object>> calls = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                calls.add(pool.submit(() -> {
                    start.await();
                    try {
                        return PLACE_ORDER.call(key, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, key));
                    } catch (IdempotencyInProgressException e) {
                        return e;
                    }
                }));
            }
            for (Future<Object> call : calls) {
                Object outcome = call.get();
                assertTrue(outcome instanceof Order || outcome instanceof IdempotencyInProgressException,
                        String.valueOf(outcome));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, harness.orderRows(key));
        assertEquals(1, harness.shop.executions.get());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void aReusedKeyNamesTheRecordComponentsThatDiffer(EngineDatabase database, ClaimMode mode) throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        PLACE_ORDER.call(key, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, key));
        OrderRequest other = new OrderRequest(REQUEST.productId(), 3, new BigDecimal("19.9"));
        IdempotencyKeyReusedException reused = assertThrows(IdempotencyKeyReusedException.class,
                () -> PLACE_ORDER.call(key, other, () -> harness.shop.writeUnprotected(other, key)));
        assertEquals(List.of("quantity"), reused.differingFields(), "19.90 and 19.9 are the same amount");
        assertEquals(1, harness.orderRows(key));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void aStoredExceptionIsReplayedAndAnotherLeavesNothing(EngineDatabase database, ClaimMode mode)
            throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        OrderRequest tooMany = new OrderRequest(REQUEST.productId(), 101, REQUEST.amount());
        for (int attempt = 0; attempt < 2; attempt++) {
            assertThrows(OutOfStockException.class,
                    () -> PLACE_ORDER.call(key, tooMany, () -> harness.shop.writeUnprotected(tooMany, key)));
        }
        assertEquals(1, harness.shop.executions.get(), "the stored outcome was replayed");

        String failing = newKey();
        harness.shop.failAfterWrite = true;
        assertThrows(IllegalStateException.class,
                () -> PLACE_ORDER.call(failing, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, failing)));
        harness.shop.failAfterWrite = false;
        PLACE_ORDER.call(failing, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, failing));
        assertEquals(1, harness.orderRows(failing), "the failed attempt rolled back; the retry ran");
    }

    /** A stored exception as applications often declare one: a class of their own package only. */
    static final class RefusedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public RefusedException(String message) {
            super(message);
        }
    }

    @Test
    void aStoredExceptionOfAPackagePrivateClassIsRebuiltOnReplay() throws Exception {
        harnesses.get(EngineDatabase.H2, ClaimMode.IN_MEMORY);
        AtomicInteger runs = new AtomicInteger();
        IdempotentOperation<Order> refuse = IdempotentOperation.of("orders.refuse-functional", Order.class)
                .storeExceptions(RefusedException.class);
        String key = newKey();
        for (int attempt = 0; attempt < 2; attempt++) {
            RefusedException refused = assertThrows(RefusedException.class, () -> refuse.call(key, REQUEST, () -> {
                runs.incrementAndGet();
                throw new RefusedException("refused: " + key);
            }));
            assertEquals("refused: " + key, refused.getMessage());
        }
        assertEquals(1, runs.get(), "replayed, rebuilt from the record");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void scopesKeepTwoCallersApartAndTheContextSuppliesKeyAndScope(EngineDatabase database, ClaimMode mode)
            throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        PLACE_ORDER.scopedTo("tenant-a").call(key, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, key));
        PLACE_ORDER.scopedTo("tenant-b").call(key, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, key));
        try (IdempotencyContext.Scope ignored = IdempotencyContext.open(key, "tenant-a")) {
            PLACE_ORDER.call(null, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, key));
        }
        assertEquals(2, harness.orderRows(key), "one per scope; the context's call replayed tenant-a's");
        assertInstanceOf(IdempotencyKeyMissingException.class, assertThrows(Exception.class,
                () -> PLACE_ORDER.call(null, REQUEST, () -> harness.shop.writeUnprotected(REQUEST, key))));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void theShortFormRunsOnceToo(EngineDatabase database, ClaimMode mode) throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        for (int call = 0; call < 2; call++) {
            Order order = Idempotency.call("orders.place-short", key, REQUEST, Order.class,
                    () -> harness.shop.writeUnprotected(REQUEST, key));
            assertEquals(REQUEST.productId(), order.productId());
        }
        assertEquals(1, harness.orderRows(key));
    }
}
