package io.idempo.runtime.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.testing.TestClock;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real threads, each in a transaction of its own on a connection of its own, claiming one key at the same moment.
 * Every outcome is checked in the database afterwards.
 */
class ConcurrentClaimTest {

    private static final int THREADS = 50;
    private static final int TRIALS = 10;
    /** How long the winner keeps its transaction open before completing and committing. */
    private static final Duration HOLD = Duration.ofMillis(150);
    /** Longer than the hold, so that duplicates wait for the winner and then read its row. */
    private static final Duration PATIENT = Duration.ofSeconds(10);

    private static ExecutorService threads;

    /** What one thread's claim came to. Any other end (an escaped unique violation above all) fails the test. */
    private enum Attempt {
        CLAIMED, SAW_COMPLETED_ROW, BUSY,
        /** Read the final row, but other duplicates could not read it while this one's transaction was open. */
        OUTLASTED
    }

    @BeforeAll
    static void startThreads() {
        threads = Executors.newFixedThreadPool(THREADS);
    }

    @AfterAll
    static void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void fiftySimultaneousClaimsOfOneKeyLetExactlyOneRun(DatabaseUnderTest database) throws Exception {
        try (TestTable table = TestTable.create(database); Connections connections = Connections.open(database, THREADS)) {
            RecordStore store = table.store().lockWait(PATIENT).build();
            for (int trial = 1; trial <= TRIALS; trial++) {
                NewRecord claim = Records.claimFor(Records.newKeyHash());
                String response = "RESULT\ntrial " + trial;
                CyclicBarrier start = new CyclicBarrier(THREADS);
                List<Callable<Attempt>> attempts = new ArrayList<>();
                for (Connection connection : connections.all) {
                    attempts.add(() -> {
                        start.await();
                        return attempt(store, connection, claim, response);
                    });
                }
                Map<Attempt, Integer> outcomes = runAll(attempts);

                String where = database + ", trial " + trial + ": " + outcomes;
                System.out.println(where);
                assertEquals(1, outcomes.get(Attempt.CLAIMED), where);
                assertEquals(THREADS, outcomes.values().stream().mapToInt(Integer::intValue).sum(), where);
                assertEquals(1, table.rowCount(claim.keyHash()), where);
                StoredRecord stored = Transactions.inTransaction(database,
                        (sql, c) -> store.find(sql, claim.keyHash())).orElseThrow();
                assertEquals(RecordStatus.COMPLETED, stored.status(), where);
                assertEquals(response, stored.response(), where);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void simultaneousClaimsOfAnExpiredRecordLetExactlyOneTakeItOver(DatabaseUnderTest database) throws Exception {
        int claimants = 20;
        TestClock clock = new TestClock();
        try (TestTable table = TestTable.create(database);
             Connections connections = Connections.open(database, claimants)) {
            RecordStore store = table.store().lockWait(PATIENT).clock(clock).build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            Transactions.inTransaction(database, (sql, c) -> {
                store.claim(sql, claim);
                store.complete(sql, claim.keyHash(), RecordStatus.COMPLETED, "RESULT\nexpired");
                return null;
            });
            clock.advance(Records.TTL);

            CyclicBarrier start = new CyclicBarrier(claimants);
            List<Callable<Attempt>> attempts = new ArrayList<>();
            for (Connection connection : connections.all) {
                attempts.add(() -> {
                    start.await();
                    return attempt(store, connection, claim, "RESULT\nrenewed");
                });
            }
            Map<Attempt, Integer> outcomes = runAll(attempts);
            System.out.println(database + ", taking over an expired record: " + outcomes);

            assertEquals(1, outcomes.get(Attempt.CLAIMED), database + ": " + outcomes);
            assertEquals(1, table.rowCount(claim.keyHash()));
            assertEquals("RESULT\nrenewed", Transactions.inTransaction(database,
                    (sql, c) -> store.find(sql, claim.keyHash())).orElseThrow().response());
        }
    }

    /**
     * Waiters queue on the first transaction's row and one of them claims after its rollback; on PostgreSQL, whose
     * claims never wait, they are told busy at once and one of their retries claims.
     */
    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void whenTheFirstClaimRollsBackExactlyOneWaiterClaims(DatabaseUnderTest database) throws Exception {
        int waiters = 8;
        try (TestTable table = TestTable.create(database);
             Connections connections = Connections.open(database, waiters + 1)) {
            RecordStore store = table.store().lockWait(PATIENT).build();
            Connection first = connections.all.get(0);
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            assertEquals(new RecordClaim.Claimed(false), store.claim(new JdbcSqlExecutor(first), claim));

            List<Callable<Attempt>> attempts = new ArrayList<>();
            for (Connection connection : connections.all.subList(1, waiters + 1)) {
                attempts.add(() -> attempt(store, connection, claim, "RESULT\nsecond"));
            }
            List<Future<Attempt>> running = submitAll(attempts);
            Thread.sleep(500); // lets the waiters queue up on the first transaction's row
            first.rollback();
            Map<Attempt, Integer> outcomes = collect(running);
            System.out.println(database + ", after the first claim rolled back: " + outcomes);
            if (database == DatabaseUnderTest.POSTGRESQL) {
                assertEquals(waiters, outcomes.get(Attempt.BUSY), "told busy at once: " + outcomes);
                outcomes = runAll(attempts);
                System.out.println(database + ", the retries: " + outcomes);
            }

            assertEquals(1, outcomes.get(Attempt.CLAIMED), database + ": " + outcomes);
            assertEquals(1, table.rowCount(claim.keyHash()));
            assertEquals("RESULT\nsecond", Transactions.inTransaction(database,
                    (sql, c) -> store.find(sql, claim.keyHash())).orElseThrow().response());
        }
    }

    /**
     * Duplicates of a final record (completed, or failed with a stored exception), all at once, whose callers keep
     * their transactions open after the answer, as a caller's transaction that goes on with other work does: each
     * reads the final row and keeps its transaction open until all have read it, so none may wait on another's lock
     * (the barrier would never fill) and none is told busy.
     */
    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void duplicatesOfAFinalRecordAreNeverBusyWhileTheirTransactionsStayOpen(DatabaseUnderTest database)
            throws Exception {
        int duplicates = 20;
        try (TestTable table = TestTable.create(database);
             Connections connections = Connections.open(database, duplicates)) {
            RecordStore store = table.store().build();
            for (RecordStatus finalStatus : List.of(RecordStatus.COMPLETED, RecordStatus.FAILED)) {
                NewRecord claim = Records.claimFor(Records.newKeyHash());
                String response = finalStatus + "\nthe first call's outcome";
                Transactions.inTransaction(database, (sql, c) -> {
                    store.claim(sql, claim);
                    store.complete(sql, claim.keyHash(), finalStatus, response);
                    return null;
                });

                CyclicBarrier start = new CyclicBarrier(duplicates);
                CyclicBarrier allAnswered = new CyclicBarrier(duplicates);
                List<Callable<Attempt>> attempts = new ArrayList<>();
                for (Connection connection : connections.all) {
                    attempts.add(() -> {
                        start.await();
                        try {
                            RecordClaim seen = store.claim(new JdbcSqlExecutor(connection), claim);
                            StoredRecord row = assertInstanceOf(RecordClaim.Existing.class, seen).record();
                            assertEquals(finalStatus, row.status());
                            assertEquals(response, row.response());
                            allAnswered.await(PATIENT.toMillis(), TimeUnit.MILLISECONDS);
                            connection.commit();
                            return Attempt.SAW_COMPLETED_ROW;
                        } catch (RecordBusyException e) {
                            allAnswered.reset(); // not all can be answered now: releases those waiting
                            connection.rollback();
                            return Attempt.BUSY;
                        } catch (BrokenBarrierException | TimeoutException e) {
                            connection.rollback();
                            return Attempt.OUTLASTED;
                        } catch (Exception | Error e) {
                            connection.rollback();
                            throw e;
                        }
                    });
                }
                Map<Attempt, Integer> outcomes = runAll(attempts);

                String where = database + ", duplicates of a " + finalStatus + " record: " + outcomes;
                System.out.println(where);
                assertEquals(duplicates, outcomes.get(Attempt.SAW_COMPLETED_ROW), where);
                assertEquals(1, table.rowCount(claim.keyHash()), where);
                StoredRecord stored = Transactions.inTransaction(database,
                        (sql, c) -> store.find(sql, claim.keyHash())).orElseThrow();
                assertEquals(finalStatus, stored.status(), where);
                assertEquals(response, stored.response(), where);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aClaimBehindAnOpenTransactionGivesUpWithBusy(DatabaseUnderTest database) throws Exception {
        try (TestTable table = TestTable.create(database); Connections connections = Connections.open(database, 2)) {
            Connection holder = connections.all.get(0);
            Connection duplicate = connections.all.get(1);
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            RecordStore impatient = table.store().lockWait(Duration.ZERO).build();
            String settingBefore = database.lockWaitSetting(duplicate);
            duplicate.commit();

            assertEquals(new RecordClaim.Claimed(false), impatient.claim(new JdbcSqlExecutor(holder), claim));
            RecordBusyException busy = assertThrows(RecordBusyException.class,
                    () -> impatient.claim(new JdbcSqlExecutor(duplicate), claim));
            duplicate.rollback();

            assertEquals(claim.keyHash(), busy.keyHash());
            assertTrue(busy.getMessage().contains("retry"), busy.getMessage());
            assertEquals(settingBefore, database.lockWaitSetting(duplicate), "the session's lock wait is restored");
            duplicate.commit();
            impatient.complete(new JdbcSqlExecutor(holder), claim.keyHash(), RecordStatus.COMPLETED, "RESULT\n1");
            holder.commit();
            assertInstanceOf(RecordClaim.Existing.class,
                    Transactions.inTransaction(database, (sql, c) -> impatient.claim(sql, claim)));
        }
    }

    private static Attempt attempt(RecordStore store, Connection connection, NewRecord claim, String response)
            throws Exception {
        SqlExecutor sql = new JdbcSqlExecutor(connection);
        try {
            RecordClaim result = store.claim(sql, claim);
            if (result instanceof RecordClaim.Claimed) {
                Thread.sleep(HOLD.toMillis());
                store.complete(sql, claim.keyHash(), RecordStatus.COMPLETED, response);
                connection.commit();
                return Attempt.CLAIMED;
            }
            StoredRecord existing = ((RecordClaim.Existing) result).record();
            connection.commit();
            // The duplicate waited for the winner, so it must see the winner's final row, never an older state.
            if (existing.status() != RecordStatus.COMPLETED || !response.equals(existing.response())) {
                throw new AssertionError("A duplicate saw " + existing.status() + " / " + existing.response());
            }
            return Attempt.SAW_COMPLETED_ROW;
        } catch (RecordBusyException e) {
            connection.rollback();
            return Attempt.BUSY;
        } catch (Exception | Error e) {
            connection.rollback();
            throw e;
        }
    }

    private static Map<Attempt, Integer> runAll(List<Callable<Attempt>> attempts) throws Exception {
        return collect(submitAll(attempts));
    }

    private static List<Future<Attempt>> submitAll(List<Callable<Attempt>> attempts) {
        List<Future<Attempt>> running = new ArrayList<>();
        for (Callable<Attempt> attempt : attempts) {
            running.add(threads.submit(attempt));
        }
        return running;
    }

    /** Counts the outcomes; any thread that failed in another way fails the test with its exception. */
    private static Map<Attempt, Integer> collect(List<Future<Attempt>> running) throws Exception {
        Map<Attempt, Integer> outcomes = new EnumMap<>(Attempt.class);
        for (Attempt attempt : Attempt.values()) {
            outcomes.put(attempt, 0);
        }
        List<Throwable> unexpected = new ArrayList<>();
        for (Future<Attempt> future : running) {
            try {
                outcomes.merge(future.get(60, TimeUnit.SECONDS), 1, Integer::sum);
            } catch (ExecutionException e) {
                unexpected.add(e.getCause());
            }
        }
        if (!unexpected.isEmpty()) {
            AssertionError failure = new AssertionError(unexpected.size() + " claims failed unexpectedly; first: "
                    + unexpected.get(0));
            unexpected.forEach(failure::addSuppressed);
            throw failure;
        }
        return outcomes;
    }
}
