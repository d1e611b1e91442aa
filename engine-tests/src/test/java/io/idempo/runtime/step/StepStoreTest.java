package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.DatabaseUnderTest;
import io.idempo.runtime.record.JdbcSqlExecutor;
import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.StoredOutcome;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What each statement of the step table writes, and what it refuses to overwrite, on every database and driver the
 * runtime speaks to: a second start never raises (nor dooms the transaction), and every write after it names the
 * state, attempts or lease token it expects.
 */
class StepStoreTest {

    private static final long NOW = 1_800_000_000_000L;
    private static final long LEASE = 60_000;

    @FunctionalInterface
    private interface Work<T> {
        T run(SqlExecutor sql) throws Exception;
    }

    private static StepKey key() {
        return StepKey.of(StepOwner.event(UUID.randomUUID().toString()), "provider.charge");
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aStepStartsOnceAndASecondStartNeitherRaisesNorDoomsItsTransaction(DatabaseUnderTest database)
            throws Exception {
        try (Table table = Table.create(database)) {
            StepKey key = key();
            assertTrue(table.holds(sql -> table.store.start(sql, key, "token-1", NOW + LEASE, NOW)));
            StepKey other = key();
            table.run(sql -> {
                assertFalse(table.store.start(sql, key, "token-2", NOW + LEASE, NOW));
                // No unique violation doomed the transaction: it writes on and commits (PostgreSQL would refuse).
                assertTrue(table.store.start(sql, other, "token-3", NOW + LEASE, NOW));
                return null;
            });
            StoredStep row = table.find(key.derivedKey());
            assertEquals(new StoredStep(key.derivedKey(), key.owner().text(), "provider.charge", StepState.STARTED,
                    1, "token-1", Instant.ofEpochMilli(NOW + LEASE), Instant.ofEpochMilli(NOW), null, null,
                    Instant.ofEpochMilli(NOW), Instant.ofEpochMilli(NOW)), row);
            assertEquals(key, row.key());
            assertEquals(StepState.STARTED, table.find(other.derivedKey()).state());
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void anotherAttemptTakesTheLeaseOnlyOnceItIsFreeAndOnlyIfNothingChanged(DatabaseUnderTest database)
            throws Exception {
        try (Table table = Table.create(database)) {
            StepKey key = key();
            table.run(sql -> table.store.start(sql, key, "token-1", NOW + LEASE, NOW));
            StoredStep seen = table.find(key.derivedKey());
            assertFalse(table.holds(sql -> table.store.takeLease(sql, seen, "token-2", NOW + 2 * LEASE, NOW + 1)),
                    "the first attempt's lease is live");

            long later = NOW + LEASE;
            assertTrue(table.holds(sql -> table.store.takeLease(sql, seen, "token-2", later + LEASE, later)));
            assertFalse(table.holds(sql -> table.store.takeLease(sql, seen, "token-3", later + LEASE, later + LEASE)),
                    "the row changed since it was read: its attempts are 2 now");
            StoredStep taken = table.find(key.derivedKey());
            assertEquals(2, taken.attempts());
            assertEquals("token-2", taken.leaseToken());

            assertFalse(table.holds(sql -> table.store.finish(sql, key.derivedKey(), "token-1", StepState.SUCCEEDED,
                    result("stale"), later + 1)), "a stale attempt writes nothing");
            assertTrue(table.holds(sql -> table.store.finish(sql, key.derivedKey(), "token-2", StepState.SUCCEEDED,
                    result("{\"chargeId\":\"ch_1\"}"), later + 2)));
            StoredStep done = table.find(key.derivedKey());
            assertEquals(StepState.SUCCEEDED, done.state());
            assertEquals(result("{\"chargeId\":\"ch_1\"}"), done.storedOutcome().orElseThrow());
            assertNull(done.leaseToken());
            assertNull(done.leaseUntil());
            assertFalse(table.holds(sql -> table.store.finish(sql, key.derivedKey(), "token-2", StepState.FAILED,
                    result("again"), later + 3)), "a final state is final");
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aFailedAttemptFreesTheStepFromItsBackoffAndAGivenUpOneIsIndeterminate(DatabaseUnderTest database)
            throws Exception {
        try (Table table = Table.create(database)) {
            StepKey retried = key();
            table.run(sql -> table.store.start(sql, retried, "token-1", NOW + LEASE, NOW));
            String longError = "java.io.IOException: " + "timeout ".repeat(100);
            assertTrue(table.holds(sql -> table.store.retryLater(sql, retried.derivedKey(), "token-1", NOW + 2_000,
                    longError, NOW + 10)));
            StoredStep waiting = table.find(retried.derivedKey());
            assertEquals(StepState.STARTED, waiting.state());
            assertNull(waiting.leaseToken());
            assertEquals(Instant.ofEpochMilli(NOW + 2_000), waiting.notBefore());
            assertEquals(longError.substring(0, 500), waiting.lastError());

            assertTrue(table.holds(sql -> table.store.giveUp(sql, waiting, "its budget is spent", NOW + 3_000)));
            assertEquals(StepState.INDETERMINATE, table.find(retried.derivedKey()).state());
            assertFalse(table.holds(sql -> table.store.giveUp(sql, waiting, "again", NOW + 4_000)));

            StepKey abandoned = key();
            table.run(sql -> table.store.start(sql, abandoned, "token-9", NOW + LEASE, NOW));
            assertFalse(table.holds(sql -> table.store.abandon(sql, abandoned.derivedKey(), "token-8", "stale",
                    NOW + 1)));
            assertTrue(table.holds(sql -> table.store.abandon(sql, abandoned.derivedKey(), "token-9",
                    "the result could not be encoded", NOW + 1)));
            StoredStep given = table.find(abandoned.derivedKey());
            assertEquals(StepState.INDETERMINATE, given.state());
            assertEquals("the result could not be encoded", given.lastError());
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void onlyAnIndeterminateStepIsResolvedAndItsOutcomeKeepsAnyText(DatabaseUnderTest database) throws Exception {
        try (Table table = Table.create(database)) {
            StepKey key = key();
            table.run(sql -> table.store.start(sql, key, "token-1", NOW + LEASE, NOW));
            String big = "{\"note\":\"Ünïcødé ✓ 𝄞\\n\",\"lines\":\"" + "x".repeat(100_000) + "\"}";
            assertFalse(table.holds(sql -> table.store.resolve(sql, key.derivedKey(), StepState.SUCCEEDED,
                    result(big), NOW + 1)), "a running step is not resolved by hand");
            table.run(sql -> table.store.abandon(sql, key.derivedKey(), "token-1", "budget", NOW + 1));
            assertTrue(table.holds(sql -> table.store.resolve(sql, key.derivedKey(), StepState.SUCCEEDED, result(big),
                    NOW + 2)));
            assertEquals(result(big), table.find(key.derivedKey()).storedOutcome().orElseThrow());
            assertThrows(IllegalArgumentException.class, () -> table.run(sql -> table.store.resolve(sql,
                    key.derivedKey(), StepState.STARTED, result(""), NOW)));
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void stepsAreListedIndeterminateFirstCountedByStateAndPurgedOnceFinished(DatabaseUnderTest database)
            throws Exception {
        try (Table table = Table.create(database)) {
            StepKey succeeded = key();
            StepKey failed = key();
            StepKey started = key();
            StepKey indeterminate = key();
            table.run(sql -> {
                for (StepKey key : List.of(succeeded, failed, started, indeterminate)) {
                    table.store.start(sql, key, "token", NOW + LEASE, NOW);
                }
                table.store.finish(sql, succeeded.derivedKey(), "token", StepState.SUCCEEDED, result("{}"), NOW + 1);
                table.store.finish(sql, failed.derivedKey(), "token", StepState.FAILED,
                        new StoredOutcome(StoredOutcome.Kind.EXCEPTION, "x.Declined\nno"), NOW + 2);
                table.store.abandon(sql, indeterminate.derivedKey(), "token", "budget", NOW + 3);
                return null;
            });
            List<String> all = table.run(sql -> table.store.list(sql, 10)).stream().map(StoredStep::derivedKey)
                    .toList();
            assertEquals(List.of(indeterminate.derivedKey(), started.derivedKey(), failed.derivedKey(),
                    succeeded.derivedKey()), all);
            assertEquals(List.of(indeterminate.derivedKey()), table.run(sql -> table.store.list(sql,
                    StepState.INDETERMINATE, 10)).stream().map(StoredStep::derivedKey).toList());
            assertEquals(1, table.run(sql -> table.store.list(sql, 1)).size());
            assertEquals(Map.of(StepState.STARTED, 1L, StepState.SUCCEEDED, 1L, StepState.FAILED, 1L,
                    StepState.INDETERMINATE, 1L), table.run(sql -> table.store.count(sql)));

            assertEquals(1, (int) table.run(sql -> table.store.purgeFinished(sql, NOW + 2, 1)), "one per batch");
            assertEquals(1, (int) table.run(sql -> table.store.purgeFinished(sql, NOW + 2, 10)));
            assertEquals(0, (int) table.run(sql -> table.store.purgeFinished(sql, NOW + 2, 10)));
            assertEquals(Map.of(StepState.STARTED, 1L, StepState.SUCCEEDED, 0L, StepState.FAILED, 0L,
                    StepState.INDETERMINATE, 1L), table.run(sql -> table.store.count(sql)));
        }
    }

    private static StoredOutcome result(String payload) {
        return new StoredOutcome(StoredOutcome.Kind.RESULT, payload);
    }

    /** A step table of its own for one test, created from the shipped DDL and dropped afterwards. */
    private static final class Table implements AutoCloseable {

        final DatabaseUnderTest database;
        final String name = "step_s_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        final StepStore store;

        private Table(DatabaseUnderTest database) {
            this.database = database;
            this.store = StepStore.builder(database.dialect).table(name).build();
        }

        static Table create(DatabaseUnderTest database) throws Exception {
            Table table = new Table(database);
            try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
                for (String ddl : StepSchema.statements(database.dialect, table.name)) {
                    statement.execute(ddl);
                }
                connection.commit();
            }
            return table;
        }

        StoredStep find(String derivedKey) throws Exception {
            return run(sql -> store.find(sql, derivedKey)).orElseThrow();
        }

        /** What a write says: whether it changed the row. */
        boolean holds(Work<Boolean> work) throws Exception {
            return run(work);
        }

        /** Commits if the work returns, rolls back if it throws. */
        <T> T run(Work<T> work) throws Exception {
            try (Connection connection = database.open()) {
                try {
                    T result = work.run(new JdbcSqlExecutor(connection));
                    connection.commit();
                    return result;
                } catch (Exception | Error e) {
                    connection.rollback();
                    throw e;
                }
            }
        }

        @Override
        public void close() throws Exception {
            run(sql -> sql.update("DROP TABLE " + name));
        }
    }
}
