package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.outbox.OutboxEvent;
import io.idempo.outbox.OutboxSchema;
import io.idempo.outbox.PublishResult;
import io.idempo.outbox.Publisher;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the adapter starts from {@code idempo.outbox.*}: the outbox on the engine's transactions, the relay only when
 * the application provides a publisher and the configuration allows it, the purge after the retention. The wiring is
 * the subject, so the publisher here records what it is handed; delivery through RabbitMQ is proven in
 * idempo-messaging's outbox tests and the example's end-to-end suite.
 */
class OutboxWiringTest {

    private final List<OutboxEvent> published = new CopyOnWriteArrayList<>();
    private final Publisher recording = events -> {
        published.addAll(events);
        return PublishResult.allConfirmed(events);
    };
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private JdbcDataSource h2;
    private JdbcTransactions transactions;
    private String table;
    private OutboxWiring wiring;

    @BeforeEach
    void createTable() throws Exception {
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:outbox-wiring;DB_CLOSE_DELAY=-1");
        table = "outbox_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection connection = h2.getConnection(); Statement statement = connection.createStatement()) {
            for (String ddl : OutboxSchema.statements(SqlDialect.H2, table)) {
                statement.execute(ddl);
            }
        }
        transactions = new JdbcTransactions(h2);
    }

    @AfterEach
    void stop() {
        if (wiring != null) {
            wiring.close();
        }
        scheduler.shutdownNow();
    }

    @Test
    void withAPublisherTheRelayDeliversWhatTheOutboxWrites() throws Exception {
        wiring = start(settings(true, Duration.ofDays(7)), Optional.of(recording));
        assertTrue(wiring.relaying());
        assertEquals("outbox table " + table + ", relay relay on", wiring.description());
        String id = transactions.inTransaction(() -> wiring.outbox().publish("shop.events", "ORDER_PLACED", "o-1",
                "{}"));
        awaitState(id, "SENT");
        assertEquals(List.of(id), published.stream().map(OutboxEvent::id).toList());
    }

    @Test
    void withoutAPublisherOrWithTheRelayTurnedOffEventsStayPending() throws Exception {
        wiring = start(settings(true, Duration.ofDays(7)), Optional.empty());
        assertFalse(wiring.relaying());
        assertEquals("outbox table " + table + ", relay off (no Publisher bean: events stay pending)",
                wiring.description());
        wiring.close();
        wiring = start(settings(false, Duration.ofDays(7)), Optional.of(recording));
        assertFalse(wiring.relaying());
        assertEquals("outbox table " + table + ", relay off (idempo.outbox.relay.enabled=false)",
                wiring.description());
        String id = transactions.inTransaction(() -> wiring.outbox().publish("shop.events", "ORDER_PLACED", "o-2",
                "{}"));
        Thread.sleep(300); // six poll intervals: a relay would have sent it
        assertEquals("PENDING", state(id));
        assertEquals(List.of(), published);
    }

    @Test
    void sentEventsArePurgedAfterTheRetentionAndKeptWithoutOne() throws Exception {
        wiring = start(settings(true, Duration.ofMillis(1)), Optional.of(recording));
        String id = transactions.inTransaction(() -> wiring.outbox().publish("shop.events", "ORDER_PLACED", "o-3",
                "{}"));
        awaitState(id, "SENT");
        Thread.sleep(10);
        assertEquals(1, wiring.purge());
        assertEquals("gone", state(id));
        wiring.close();

        wiring = start(settings(true, Duration.ZERO), Optional.of(recording));
        String kept = transactions.inTransaction(() -> wiring.outbox().publish("shop.events", "ORDER_PLACED", "o-4",
                "{}"));
        awaitState(kept, "SENT");
        assertEquals(0, wiring.purge());
        assertEquals("SENT", state(kept));
    }

    private OutboxSettings settings(boolean relayEnabled, Duration retention) {
        return new OutboxSettings(table, relayEnabled, "relay", 100, Duration.ofMillis(50), Duration.ofSeconds(1),
                retention);
    }

    private OutboxWiring start(OutboxSettings settings, Optional<Publisher> publisher) {
        return OutboxWiring.start(settings, SqlDialect.H2, transactions, scheduler, publisher, 500, 20);
    }

    private void awaitState(String id, String expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!state(id).equals(expected)) {
            assertTrue(System.nanoTime() < deadline, "event " + id + " is still " + state(id));
            Thread.sleep(20);
        }
    }

    private String state(String id) throws Exception {
        try (Connection connection = h2.getConnection(); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT state FROM " + table + " WHERE id = '" + id + "'")) {
            return row.next() ? row.getString(1) : "gone";
        }
    }
}
