package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import java.math.BigDecimal;
import java.sql.Connection;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.hibernate.Session;
import org.junit.jupiter.api.Test;

/**
 * MariaDB at REPEATABLE READ (its default): caller A's transaction took its snapshot before caller B completed the
 * same key and committed. With the claim store unable to answer, only the database can tell A, inside its
 * still-open transaction, that the key is done: the record's locking read sees B's row although A's snapshot does
 * not. A gets B's order and nothing is written twice.
 */
class RepeatableReadEngineTest {

    private static final OrderRequest REQUEST = new OrderRequest(4711, 3, new BigDecimal("59.90"));

    @Test
    void aCallerWhoseSnapshotPredatesTheFirstCallsCommitStillReplaysIt() throws Exception {
        EngineHarness.Options repeatableRead = EngineHarness.Options.DEFAULT.isolation("TRANSACTION_REPEATABLE_READ");
        ExecutorService callerB = Executors.newSingleThreadExecutor();
        try (EngineHarness harness = new EngineHarness(EngineDatabase.MARIADB, ClaimMode.REDIS_DOWN, Duration.ZERO,
                repeatableRead)) {
            String key = "rr-" + UUID.randomUUID();
            String recordsOfKey = "SELECT COUNT(*) FROM " + harness.recordTable + " WHERE client_key = ?1";
            String ordersOfKey = "SELECT COUNT(*) FROM " + harness.ordersTable + " WHERE client_key = ?1";

            Order seenByA = harness.transactions.inTransaction(() -> {
                var entityManager = harness.transactions.currentEntityManager();
                assertEquals(Connection.TRANSACTION_REPEATABLE_READ, entityManager.unwrap(Session.class)
                        .doReturningWork(Connection::getTransactionIsolation));
                assertEquals(0, count(entityManager, recordsOfKey, key), "A's snapshot is taken here");

                Order placedByB = callerB.submit(() -> harness.placeInTransaction(REQUEST, key))
                        .get(30, TimeUnit.SECONDS);
                assertEquals(1, harness.orderRows(key), "B committed its order");

                // Negative control: A's snapshot does not show B's record or order to a plain read.
                assertEquals(0, count(entityManager, recordsOfKey, key), "a plain SELECT misses B's record");
                assertEquals(0, count(entityManager, ordersOfKey, key));

                Order replayed = harness.shop.placeOrder(REQUEST, key);
                assertEquals(placedByB, replayed, "A gets B's order, read through the record's locking read");
                return replayed;
            });

            assertEquals(1, harness.orderRows(key), "one business row in the end");
            assertEquals(1, harness.shop.executions.get(), "only B ran the method");
            assertEquals(1, harness.recordState().size());
            assertEquals(seenByA, harness.placeInTransaction(REQUEST, key), "and it keeps replaying");
        } finally {
            callerB.shutdownNow();
        }
    }

    private static int count(jakarta.persistence.EntityManager entityManager, String sql, String key) {
        return ((Number) entityManager.createNativeQuery(sql).setParameter(1, key).getSingleResult()).intValue();
    }
}
