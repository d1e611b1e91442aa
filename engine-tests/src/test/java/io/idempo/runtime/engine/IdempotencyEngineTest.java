package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotencyKeyInvalidException;
import io.idempo.runtime.IdempotencyKeyMissingException;
import io.idempo.runtime.IdempotencyKeyReusedException;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The engine through the woven {@link Shop}, on each real database with each claim mode, with Hibernate as the
 * JPA provider in plain Java. Every guarantee is asserted on the database's final state.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdempotencyEngineTest {

    private static final OrderRequest REQUEST = new OrderRequest(1001, 2, new BigDecimal("199.00"));

    private final Harnesses harnesses = new Harnesses();

    @AfterAll
    void closeHarnesses() throws Exception {
        harnesses.close();
    }

    private static String newKey() {
        return "key-" + UUID.randomUUID();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void sameRequestTwiceRunsOnceAndReplaysTheFirstResult(EngineDatabase database, ClaimMode mode) throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        Order first = harness.placeInTransaction(REQUEST, key);
        Order second = harness.placeInTransaction(REQUEST, key);
        assertEquals(first, second);
        assertEquals(1, harness.shop.executions.get());
        assertEquals(1, harness.orderRows(key));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void concurrentCallsWithOneKeyRunOnce(EngineDatabase database, ClaimMode mode) throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        harness.shop.delay = Duration.ofMillis(50);
        int threads = 100;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int trial = 0; trial < 20; trial++) {
                String key = newKey();
                List<Order> orders = harness.placeConcurrently(pool, threads, REQUEST, key).stream()
                        .filter(Order.class::isInstance).map(Order.class::cast).toList();
                assertEquals(1, harness.orderRows(key), "business rows for trial " + trial);
                assertTrue(orders.stream().distinct().count() <= 1, "every success is the first call's result");
            }
            assertEquals(20, harness.shop.executions.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void aKeyReusedWithOtherParametersIsRefusedAndChangesNothing(EngineDatabase database, ClaimMode mode)
            throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        harness.placeInTransaction(REQUEST, key);
        List<String> recordBefore = harness.recordState();
        IdempotencyKeyReusedException reused = assertThrows(IdempotencyKeyReusedException.class,
                () -> harness.placeInTransaction(new OrderRequest(1002, 2, new BigDecimal("299.00")), key));
        assertEquals(List.of("request"), reused.differingFields());
        assertEquals(1, harness.orderRows(key));
        assertEquals(1, harness.shop.executions.get());
        assertEquals(recordBefore, harness.recordState());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void aFailureAfterTheBusinessWriteLeavesNothingAndTheRetryRuns(EngineDatabase database, ClaimMode mode)
            throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        harness.shop.failAfterWrite = true;
        assertThrows(IllegalStateException.class, () -> harness.placeInTransaction(REQUEST, key));
        assertEquals(0, harness.orderRows(key));
        int recordsAfterFailure = harness.recordState().size();
        harness.shop.failAfterWrite = false;
        Order retried = harness.placeInTransaction(REQUEST, key);
        assertEquals(1, harness.orderRows(key));
        assertEquals(retried, harness.placeInTransaction(REQUEST, key));
        assertEquals(2, harness.shop.executions.get());
        assertEquals(recordsAfterFailure + 1, harness.recordState().size());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void aStoredExceptionIsTheFinalOutcomeAndReplays(EngineDatabase database, ClaimMode mode) throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        OrderRequest tooMany = new OrderRequest(1001, 500, new BigDecimal("1.00"));
        Shop.OutOfStockException first = assertThrows(Shop.OutOfStockException.class,
                () -> harness.placeInTransaction(tooMany, key));
        Shop.OutOfStockException replayed = assertThrows(Shop.OutOfStockException.class,
                () -> harness.placeInTransaction(tooMany, key));
        Shop.OutOfStockException outsideTransaction = assertThrows(Shop.OutOfStockException.class,
                () -> harness.shop.placeOrder(tooMany, key));
        assertEquals(first.getMessage(), replayed.getMessage());
        assertEquals(first.getMessage(), outsideTransaction.getMessage());
        assertEquals(1, harness.shop.executions.get());
        assertEquals(1, harness.recordState().stream().filter(row -> row.contains("|FAILED|")).count());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void aCallOutsideATransactionGetsOneOfItsOwn(EngineDatabase database, ClaimMode mode) throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        Order first = harness.shop.placeOrder(REQUEST, key);
        assertEquals(first, harness.shop.placeOrder(REQUEST, key));
        assertEquals(1, harness.orderRows(key));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void genericResultsReplayWithTheirElementTypeAndScopesAreIsolated(EngineDatabase database, ClaimMode mode)
            throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        List<OrderRequest> requests = List.of(REQUEST, new OrderRequest(7, 1, BigDecimal.TEN));
        List<Order> first = harness.transactions.inTransaction(() -> harness.shop.placeBatch(requests, key, "acme"));
        List<Order> replayed = harness.transactions.inTransaction(() -> harness.shop.placeBatch(requests, key, "acme"));
        assertEquals(first, replayed);
        assertTrue(replayed.get(0) instanceof Order);
        List<Order> otherTenant = harness.transactions.inTransaction(
                () -> harness.shop.placeBatch(requests, key, "globex"));
        assertNotEquals(first, otherTenant, "another tenant's identical key is another request");
        assertEquals(4, harness.shop.executions.get());
        assertEquals(4, harness.orderRows(key));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void aRecordPastItsTtlRunsAgainAsDocumented(EngineDatabase database, ClaimMode mode) throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        String key = newKey();
        harness.transactions.inTransaction(() -> harness.shop.placeQuickOrder(REQUEST, key));
        Thread.sleep(1_200); // the method's ttl is PT1S: the record and the claim are now expired
        harness.transactions.inTransaction(() -> harness.shop.placeQuickOrder(REQUEST, key));
        assertEquals(2, harness.shop.executions.get());
        assertEquals(2, harness.orderRows(key));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("io.idempo.runtime.engine.Harnesses#all")
    void missingAndMalformedKeysAreRefusedBeforeAnythingIsStored(EngineDatabase database, ClaimMode mode)
            throws Exception {
        EngineHarness harness = harnesses.get(database, mode);
        int recordsBefore = harness.recordState().size();
        assertThrows(IdempotencyKeyMissingException.class, () -> harness.placeInTransaction(REQUEST, null));
        assertThrows(IdempotencyKeyInvalidException.class, () -> harness.placeInTransaction(REQUEST, "short"));
        assertThrows(IdempotencyKeyInvalidException.class, () -> harness.placeInTransaction(REQUEST, "x".repeat(256)));
        assertThrows(IdempotencyKeyInvalidException.class,
                () -> harness.placeInTransaction(REQUEST, "bad key with spaces"));
        assertEquals(0, harness.shop.executions.get());
        assertEquals(recordsBefore, harness.recordState().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.idempo.runtime.engine.EngineDatabase#values")
    void aFirstCallAddsOneInsertAndOneUpdateAndACompletedDuplicateNoSql(EngineDatabase database) throws Exception {
        EngineHarness harness = harnesses.get(database, ClaimMode.REDIS);
        String key = newKey();
        harness.statements.start();
        harness.placeInTransaction(REQUEST, key);
        List<StatementLog.Entry> first = harness.statements.stop();
        List<String> recordWrites = first.stream().filter(entry -> entry.sql().contains(harness.recordTable))
                .map(entry -> entry.sql().contains("INSERT") ? "insert" : entry.kind()).toList();
        assertEquals(List.of("insert", "update"), recordWrites, () -> "statements on the record table: " + first);
        if (database != EngineDatabase.H2) {
            List<StatementLog.Entry> idempo = first.stream().filter(entry -> !entry.kind().equals("commit")
                    && !entry.sql().contains(harness.ordersTable)).toList();
            assertEquals(2, idempo.size(), () -> "nothing but the claim and the completion: " + idempo);
        }
        assertEquals(1, first.stream().filter(entry -> entry.kind().equals("commit")).count(),
                () -> "commits in " + first);

        harness.statements.start();
        harness.placeInTransaction(REQUEST, key);
        List<StatementLog.Entry> duplicate = harness.statements.stop();
        assertEquals(List.of(), duplicate.stream().filter(entry -> !entry.kind().equals("commit")).toList(),
                "a completed duplicate runs no SQL");
    }

    /**
     * With the claim store down a completed duplicate is answered by the record: on PostgreSQL by the claim's own
     * statement, which reads the completed row (and then takes no lock); elsewhere by the insert that affects no row
     * and one read. It writes nothing and takes no connection beyond its transaction's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.idempo.runtime.engine.EngineDatabase#values")
    void aCompletedDuplicateOnTheDatabasePathSendsTheClaimAndAtMostOneRead(EngineDatabase database)
            throws Exception {
        EngineHarness harness = harnesses.get(database, ClaimMode.REDIS_DOWN);
        String key = newKey();
        Order first = harness.placeInTransaction(REQUEST, key);

        harness.statements.start();
        Order replayed = harness.placeInTransaction(REQUEST, key);
        List<StatementLog.Entry> duplicate = harness.statements.stop();
        assertEquals(first, replayed);
        List<StatementLog.Entry> onRecords = duplicate.stream()
                .filter(entry -> entry.sql().contains(harness.recordTable)).toList();
        assertEquals(database == EngineDatabase.POSTGRESQL ? 1 : 2, onRecords.size(),
                () -> "statements on the record table: " + onRecords);
        assertEquals(1, harness.shop.executions.get());
        assertEquals(1, harness.orderRows(key));
    }
}
