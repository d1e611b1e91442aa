package io.idempo.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.DatabaseUnderTest;
import io.idempo.runtime.record.JdbcSqlExecutor;
import io.idempo.testing.TestClock;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What each operation of the outbox table writes and claims, on every database, one relay or two. */
class OutboxStoreTest {

    private static final String DESTINATION = "shop.events";

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void anEventIsWrittenPendingInDebeziumsColumnsAndClaimedWithEverythingItCarries(DatabaseUnderTest database)
            throws Exception {
        TestClock clock = new TestClock();
        // Non-ASCII, a line break, and larger than any VARCHAR: the payload column is a real text column.
        String payload = "{\"note\":\"Ünïcødé ✓ 𝄞\n\",\"lines\":\"" + "x".repeat(100_000) + "\"}";
        try (OutboxTable table = OutboxTable.create(database)) {
            OutboxStore store = table.store().clock(clock).build();
            String id = UUID.randomUUID().toString();
            boolean written = table.inTransaction(sql -> store.insert(sql, id,
                    new NewEvent(DESTINATION, "ORDER_PLACED", "order-1", payload)));
            assertTrue(written);

            assertEquals(List.of(id + "|shop.events|order-1|ORDER_PLACED|PENDING|0"), table.rows());
            List<OutboxEvent> claimed = table.inTransaction(sql -> store.claim(sql, 10));
            assertEquals(List.of(new OutboxEvent(id, DESTINATION, "order-1", "ORDER_PLACED", payload,
                    clock.instant(), 0)), claimed);
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void anIdThatIsTakenIsNotWrittenAgainAndTheTransactionGoesOn(DatabaseUnderTest database) throws Exception {
        try (OutboxTable table = OutboxTable.create(database)) {
            OutboxStore store = table.store().build();
            String id = UUID.randomUUID().toString();
            table.inTransaction(sql -> store.insert(sql, id, new NewEvent(DESTINATION, "A", "order-1", "{}")));
            String other = UUID.randomUUID().toString();
            table.inTransaction(sql -> {
                assertFalse(store.insert(sql, id, new NewEvent(DESTINATION, "B", "order-2", "{}")));
                // No unique violation doomed the transaction: it writes on and commits (PostgreSQL would refuse).
                assertTrue(store.insert(sql, other, new NewEvent(DESTINATION, "C", "order-3", "{}")));
                return null;
            });
            assertEquals(List.of(id + "|shop.events|order-1|A|PENDING|0", other + "|shop.events|order-3|C|PENDING|0"),
                    table.rows());
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aBatchTakesTheOldestPendingEventOfEachAggregateInTheOrderWritten(DatabaseUnderTest database)
            throws Exception {
        try (OutboxTable table = OutboxTable.create(database)) {
            OutboxStore store = table.store().build();
            List<String> ids = write(table, store, "x", "x", "y", "z", "y");
            assertEquals(List.of(ids.get(0), ids.get(2), ids.get(3)), idsOf(table.inTransaction(sql ->
                    store.claim(sql, 10))));
            assertEquals(List.of(ids.get(0), ids.get(2)), idsOf(table.inTransaction(sql -> store.claim(sql, 2))));

            table.inTransaction(sql -> {
                store.markSent(sql, List.of(ids.get(0), ids.get(2)));
                return null;
            });
            assertEquals(List.of(ids.get(1), ids.get(3), ids.get(4)), idsOf(table.inTransaction(sql ->
                    store.claim(sql, 10))));
            assertTrue(table.rows().get(0).endsWith("|SENT|1"), "a sent event counts its attempt");
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aSecondRelayTakesNeitherTheEventsTheFirstHoldsNorTheEventsBehindThem(DatabaseUnderTest database)
            throws Exception {
        try (OutboxTable table = OutboxTable.create(database)) {
            OutboxStore store = table.store().build();
            List<String> ids = write(table, store, "x", "x", "y", "y");
            try (Connection first = database.open(); Connection second = database.open()) {
                JdbcSqlExecutor firstRelay = new JdbcSqlExecutor(first);
                JdbcSqlExecutor secondRelay = new JdbcSqlExecutor(second);
                assertEquals(List.of(ids.get(0)), idsOf(store.claim(firstRelay, 1)));

                // x1 is locked: skipped, not waited for; x2 is behind a pending x1: not a head. H2 locks every row
                // its WHERE selects before it applies the limit, so there the first relay holds y1 too.
                List<String> whileTheFirstHoldsX1 = database.dialect.name().startsWith("H2") ? List.of()
                        : List.of(ids.get(2));
                assertEquals(whileTheFirstHoldsX1, idsOf(store.claim(secondRelay, 10)));
                second.rollback();

                store.markSent(firstRelay, List.of(ids.get(0)));
                assertEquals(whileTheFirstHoldsX1, idsOf(store.claim(secondRelay, 10)),
                        "x1 is sent only once the first relay commits");
                second.rollback();
                first.commit();
                assertEquals(List.of(ids.get(1), ids.get(2)), idsOf(store.claim(secondRelay, 10)));
                second.rollback();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aRefusedEventWaitsOutItsBackOffAndHoldsItsAggregateBack(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        try (OutboxTable table = OutboxTable.create(database)) {
            OutboxStore store = table.store().clock(clock).build();
            List<String> ids = write(table, store, "x", "x", "y");
            table.inTransaction(sql -> {
                store.retryLater(sql, ids.get(0), Duration.ofSeconds(10), "no route: " + "r".repeat(600));
                return null;
            });
            assertEquals(List.of(ids.get(2)), idsOf(table.inTransaction(sql -> store.claim(sql, 10))));

            clock.advance(Duration.ofSeconds(10));
            List<OutboxEvent> due = table.inTransaction(sql -> store.claim(sql, 10));
            assertEquals(List.of(ids.get(0), ids.get(2)), idsOf(due));
            assertEquals(1, due.get(0).attempts());
            String lastError = table.inTransaction(sql -> (String) sql.query("SELECT last_error FROM " + table.name
                    + " WHERE id = ?", ids.get(0)).get(0)[0]);
            assertEquals("no route: " + "r".repeat(490), lastError, "cut to the column's 500 characters");
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void sentEventsArePurgedOnceTheRetentionPassedAndPendingOnesNever(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        try (OutboxTable table = OutboxTable.create(database)) {
            OutboxStore store = table.store().clock(clock).build();
            List<String> ids = write(table, store, "x", "y", "z", "w");
            table.inTransaction(sql -> {
                store.markSent(sql, ids.subList(0, 3));
                return null;
            });
            Duration retention = Duration.ofDays(7);
            assertEquals(0, purge(table, store, retention, 10));

            clock.advance(retention);
            assertEquals(2, purge(table, store, retention, 2));
            assertEquals(1, purge(table, store, retention, 2));
            assertEquals(List.of(ids.get(3) + "|shop.events|w|E|PENDING|0"), table.rows());
        }
    }

    /** One event per aggregate id given, in that order; returns their ids. */
    private static List<String> write(OutboxTable table, OutboxStore store, String... aggregates) throws Exception {
        return table.inTransaction(sql -> {
            List<String> ids = new ArrayList<>();
            for (String aggregate : aggregates) {
                String id = UUID.randomUUID().toString();
                store.insert(sql, id, new NewEvent(DESTINATION, "E", aggregate, "{}"));
                ids.add(id);
            }
            return ids;
        });
    }

    private static int purge(OutboxTable table, OutboxStore store, Duration retention, int batch) throws Exception {
        return table.inTransaction(sql -> store.purgeSent(sql, retention, batch));
    }

    private static List<String> idsOf(List<OutboxEvent> events) {
        return events.stream().map(OutboxEvent::id).toList();
    }
}
