package io.idempo.example.reconciliation;

import io.idempo.example.callbacks.CallbackService;
import io.idempo.example.config.DatabaseSetup;
import io.idempo.example.config.ExampleSettings;
import io.idempo.example.jobs.OrderExpiryJob;
import io.idempo.example.orders.OrderService;
import io.idempo.example.payments.PaymentChannel;
import io.idempo.example.payments.PaymentService;
import io.idempo.outbox.OutboxStore;
import io.idempo.runtime.record.RecordStore;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * Compares the business tables with each other and with the idempotency records, in plain SQL on a connection of
 * its own, in one snapshot: it must see what is committed, not what a persistence context caches.
 *
 * <p>A completed record keeps the answer the client got; for the shop's three actions and the order-expiry job that
 * answer names the row it created ({@code id}, or {@code ledgerEntryId} for callbacks). So a record whose row is missing means an answer
 * was given for work that did not commit, and a row that no record names (while its record should still be alive)
 * means work committed without its record. The record's {@code response} column holds {@code RESULT}, a newline
 * and the JSON the codec wrote.
 */
@ApplicationScoped
public class ReconciliationService {

    /** Rows younger than their action's TTL minus this margin must still have their record. */
    static final Duration MARGIN = Duration.ofMinutes(2);
    /** A running relay delivers an event within a poll or a few back-offs; a minute means it is stuck. */
    static final Duration NOT_PUBLISHED_AFTER = Duration.ofMinutes(1);

    private record Action(String name, String table, String idField, Duration ttl, String missingRecordKind) {
    }

    private static final List<Action> ACTIONS = List.of(
            new Action(OrderService.ACTION, "shop_orders", "id", Duration.ofMinutes(30), "order-without-record"),
            new Action(PaymentService.ACTION, "shop_payments", "id", Duration.ofHours(24), "payment-without-record"),
            new Action(CallbackService.ACTION, "shop_ledger_entries", "ledgerEntryId", Duration.ofHours(6),
                    "ledger-entry-without-record"),
            new Action(OrderExpiryJob.ACTION, "job_runs", "id", Duration.ofHours(2), "job-run-without-record"));

    @Resource(lookup = DatabaseSetup.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    PaymentChannel channel;

    public Reconciliation reconcile() {
        long now = System.currentTimeMillis();
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            int isolation = connection.getTransactionIsolation();
            try {
                connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
                connection.setAutoCommit(false);
                return reconcile(connection, now);
            } finally {
                // The pool hands this connection on: its level and mode go back even when a step above failed.
                try {
                    if (!connection.getAutoCommit()) {
                        connection.rollback();
                    }
                } finally {
                    connection.setAutoCommit(autoCommit);
                    connection.setTransactionIsolation(isolation);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Reconciliation failed: " + e.getMessage(), e);
        }
    }

    /**
     * Every read in one snapshot (a transaction at REPEATABLE READ, rolled back): work that commits while the tables
     * are read, such as a job run or a callback under traffic, must not be seen in one table and not yet in the
     * other, which reads of their own would report as a mismatch.
     */
    private Reconciliation reconcile(Connection connection, long now) throws SQLException {
        List<Mismatch> mismatches = new ArrayList<>();
        for (String[] group : query(connection, "SELECT order_id, COUNT(*) FROM shop_payments GROUP BY order_id"
                + " HAVING COUNT(*) > 1 ORDER BY order_id")) {
            mismatches.add(new Mismatch("order-paid-twice", "order " + group[0] + " has " + group[1] + " payments"));
        }
        for (String[] group : query(connection, "SELECT channel_txn_id, callback_status, COUNT(*)"
                + " FROM shop_ledger_entries GROUP BY channel_txn_id, callback_status HAVING COUNT(*) > 1"
                + " ORDER BY channel_txn_id")) {
            mismatches.add(new Mismatch("callback-booked-twice", "channel transaction " + group[0] + " "
                    + group[1] + " has " + group[2] + " ledger entries"));
        }
        events(connection, now, mismatches);
        for (String[] group : query(connection, "SELECT job, slot, COUNT(*) FROM job_runs GROUP BY job, slot"
                + " HAVING COUNT(*) > 1 ORDER BY job, slot")) {
            mismatches.add(new Mismatch("job-slot-run-twice", "job " + group[0] + " slot " + group[1] + " has "
                    + group[2] + " runs"));
        }
        Map<String, Set<Long>> referenced = referencedRows(connection, mismatches);
        for (Action action : ACTIONS) {
            Set<Long> ids = new HashSet<>();
            Set<Long> unreferenced = new TreeSet<>();
            long recordMustLiveSince = now - action.ttl().toMillis() + MARGIN.toMillis();
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT id, created_at FROM " + action.table())) {
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        long id = rows.getLong(1);
                        ids.add(id);
                        if (rows.getLong(2) > recordMustLiveSince && !referenced.get(action.name()).contains(id)) {
                            unreferenced.add(id);
                        }
                    }
                }
            }
            for (long id : unreferenced) {
                mismatches.add(new Mismatch(action.missingRecordKind(), action.table() + " row " + id
                        + " has no completed " + action.name() + " record"));
            }
            for (long id : new TreeSet<>(referenced.get(action.name()))) {
                if (!ids.contains(id)) {
                    mismatches.add(new Mismatch("record-without-business-row", "a completed " + action.name()
                            + " record answers with " + action.table() + " row " + id + ", which does not exist"));
                }
            }
        }
        return new Reconciliation(count(connection, "shop_orders"), count(connection, "shop_payments"),
                count(connection, "shop_ledger_entries"),
                count(connection, RecordStore.DEFAULT_TABLE + " WHERE status = 'COMPLETED'"),
                channel.charges(), count(connection, "job_runs"), mismatches);
    }

    /**
     * The outbox's part: a receipt mail sent twice for one event means a consumer effect applied twice; an event still
     * pending a minute after it was written, while the relay runs (RABBITMQ_URL is set), means the relay is stuck.
     */
    private static void events(Connection connection, long now, List<Mismatch> mismatches) throws SQLException {
        for (String[] group : query(connection, "SELECT event_id, COUNT(*) FROM receipt_mails GROUP BY event_id"
                + " HAVING COUNT(*) > 1 ORDER BY event_id")) {
            mismatches.add(new Mismatch("event-effect-twice", "event " + group[0] + " sent " + group[1]
                    + " receipt mails"));
        }
        if (ExampleSettings.current().rabbitmqUrl() == null) {
            return; // no relay: the events stay pending by design
        }
        for (String[] event : query(connection, "SELECT id, type, aggregateid FROM " + OutboxStore.DEFAULT_TABLE
                + " WHERE state = 'PENDING' AND created_at < " + (now - NOT_PUBLISHED_AFTER.toMillis())
                + " ORDER BY seq")) {
            mismatches.add(new Mismatch("event-not-published", "event " + event[0] + " (" + event[1] + " of order "
                    + event[2] + ") is still pending more than " + NOT_PUBLISHED_AFTER.toSeconds() + " s after it was"
                    + " written, while the relay runs"));
        }
    }

    /** Per action, the business row ids that completed records answered with. */
    private static Map<String, Set<Long>> referencedRows(Connection connection, List<Mismatch> mismatches)
            throws SQLException {
        Map<String, Set<Long>> referenced = new HashMap<>();
        ACTIONS.forEach(action -> referenced.put(action.name(), new HashSet<>()));
        try (Statement statement = connection.createStatement();
             ResultSet records = statement.executeQuery("SELECT action, response FROM " + RecordStore.DEFAULT_TABLE
                     + " WHERE status = 'COMPLETED'")) {
            while (records.next()) {
                String actionName = records.getString(1);
                Action action = ACTIONS.stream().filter(a -> a.name().equals(actionName)).findFirst().orElse(null);
                if (action == null) {
                    continue;
                }
                Long id = answeredId(records.getString(2), action.idField());
                if (id == null) {
                    mismatches.add(new Mismatch("record-without-business-row", "a completed " + actionName
                            + " record holds no " + action.idField() + " in its answer"));
                } else {
                    referenced.get(actionName).add(id);
                }
            }
        }
        return referenced;
    }

    static Long answeredId(String response, String field) {
        String prefix = "RESULT\n";
        if (response == null || !response.startsWith(prefix)) {
            return null;
        }
        try (JsonReader reader = Json.createReader(new StringReader(response.substring(prefix.length())))) {
            JsonValue value = reader.readValue();
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                return null;
            }
            JsonValue id = ((JsonObject) value).get(field);
            return id instanceof JsonNumber number ? number.longValue() : null;
        } catch (JsonException e) {
            return null;
        }
    }

    private static long count(Connection connection, String from) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT COUNT(*) FROM " + from)) {
            result.next();
            return result.getLong(1);
        }
    }

    private static List<String[]> query(Connection connection, String sql) throws SQLException {
        List<String[]> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                String[] row = new String[columns];
                for (int i = 0; i < columns; i++) {
                    row[i] = result.getString(i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
