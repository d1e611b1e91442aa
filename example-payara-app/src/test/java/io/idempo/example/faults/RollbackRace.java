package io.idempo.example.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.example.demo.DemoFaults;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.server.PayaraMicroServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Issue #6, fault 6, on MariaDB: a first call holds key K and then rolls back while 16 same-key duplicates wait on
 * its record. When InnoDB rolls back a row that others wait to insert, it grants them all a shared lock on it at
 * once, and their inserts then deadlock each other (1213). The record store reports deadlocks and lock-wait
 * timeouts as busy, so every duplicate hears 409 "in progress", never a 500; the careful clients retry and exactly
 * one order is placed per key.
 *
 * <p>Run on a server whose Redis is down ({@link BlastRadius#withoutRedis}), so that every duplicate reaches the
 * database; the server's lock wait decides whether the duplicates queue on the first call's lock.
 */
final class RollbackRace {

    private static final int DUPLICATES = 16;
    private static final int ROUNDS = 4;
    /** How long the first call holds the key before it fails. */
    static final Duration HOLD = Duration.ofMillis(1_000);

    private RollbackRace() {
    }

    /**
     * {@link #ROUNDS} keys, one after the other: the first call holds the key for {@link #HOLD} and fails, while
     * {@link #DUPLICATES} careful clients send the same request and retry. Asserts the above and returns how many
     * deadlocks InnoDB counted meanwhile (on the whole MariaDB server).
     */
    static long run(PayaraMicroServer server, String name) throws Exception {
        TestSchema database = server.database();
        long deadlocksBefore = innodbDeadlocks(database);
        ExecutorService senders = Executors.newFixedThreadPool(DUPLICATES + 1);
        try (OrderTraffic traffic = new OrderTraffic(() -> server.client(OrderTraffic.USER), name)) {
            List<Attempt> firsts = new ArrayList<>();
            for (int round = 1; round <= ROUNDS; round++) {
                String key = traffic.newKey();
                Future<Attempt> first = senders.submit(() -> traffic.sendOnce(server.client(OrderTraffic.USER)
                        .header(DemoFaults.DELAY_HEADER, Long.toString(HOLD.toMillis()))
                        .header(DemoFaults.FAIL_HEADER, DemoFaults.AFTER_WRITE), key, 0, 1));
                awaitUncommittedOrder(database, traffic.product(key));
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Attempt>> duplicates = new ArrayList<>();
                for (int sender = 1; sender <= DUPLICATES; sender++) {
                    int id = sender;
                    duplicates.add(senders.submit(() -> {
                        start.await();
                        return traffic.sendUntilFinal(key, id);
                    }));
                }
                start.countDown();
                firsts.add(first.get());
                for (Future<Attempt> duplicate : duplicates) {
                    duplicate.get();
                }
            }
            for (Attempt first : firsts) {
                assertEquals(500, first.status(), "the first call fails on purpose (demo failure): " + first);
            }
            List<Attempt> wrong = traffic.history().attempts().stream()
                    .filter(attempt -> attempt.sender() > 0)
                    .filter(attempt -> !(attempt.status() == 201 || attempt.status() == 409
                            && "IDEMPOTENCY_REQUEST_IN_PROGRESS".equals(attempt.problem())))
                    .toList();
            assertTrue(wrong.isEmpty(), "a duplicate may hear only 201 or 409 in progress, never a 500: " + wrong);
            ExactlyOnce.verify(traffic, database);
        } finally {
            senders.shutdownNow();
        }
        return innodbDeadlocks(database) - deadlocksBefore;
    }

    /** The first call has written its order and sleeps, holding the key: its row is visible to a dirty read. */
    private static void awaitUncommittedOrder(TestSchema database, long product)
            throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        try (Connection connection = database.connect();
             PreparedStatement query = connection.prepareStatement(
                     "SELECT COUNT(*) FROM shop_orders WHERE product_id = ?")) {
            connection.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
            query.setLong(1, product);
            while (System.nanoTime() < deadline) {
                try (ResultSet rows = query.executeQuery()) {
                    rows.next();
                    if (rows.getLong(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError("the first call for product " + product + " wrote no order within 30 s");
    }

    private static long innodbDeadlocks(TestSchema database) throws SQLException {
        try (Connection connection = database.connect();
             ResultSet status = connection.createStatement().executeQuery(
                     "SHOW GLOBAL STATUS LIKE 'Innodb_deadlocks'")) {
            status.next();
            return status.getLong(2);
        }
    }
}
