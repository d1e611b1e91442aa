package io.idempo.example.provider;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The webhooks to deliver, one row per delivery: written with their charge, PENDING until a 2xx answer
 * (DELIVERED) or until the backoff gives up (ABANDONED). Being rows, they outlive a provider that stops or is killed.
 */
final class WebhookOutbox {

    /** One delivery of a charge's webhook, due now. */
    record Delivery(long id, Charge charge, int copy, int attempts, long createdAt) {
    }

    private final ProviderDatabase database;

    WebhookOutbox(ProviderDatabase database) {
        this.database = database;
    }

    /** Writes {@code copies} deliveries of {@code charge}'s webhook, due at once, in the charge's transaction. */
    static void enqueue(Connection connection, Charge charge, int copies, long now) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO webhook_deliveries (charge_id,"
                + " copy_number, state, attempts, next_attempt_at, created_at) VALUES (?, ?, 'PENDING', 0, ?, ?)")) {
            for (int copy = 1; copy <= copies; copy++) {
                insert.setString(1, charge.id());
                insert.setInt(2, copy);
                insert.setLong(3, now);
                insert.setLong(4, now);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** At most {@code limit} pending deliveries due at {@code now}, the longest due first. */
    List<Delivery> due(long now, int limit) {
        return database.read(connection -> {
            try (PreparedStatement select = connection.prepareStatement("SELECT d.id AS delivery_id, d.copy_number,"
                    + " d.attempts, d.created_at AS delivery_created_at, c.id, c.order_id, c.amount, c.idempotency_key"
                    + " FROM webhook_deliveries d JOIN charges c ON c.id = d.charge_id"
                    + " WHERE d.state = 'PENDING' AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.id"
                    + " LIMIT ?")) {
                select.setLong(1, now);
                select.setInt(2, limit);
                try (ResultSet rows = select.executeQuery()) {
                    List<Delivery> due = new ArrayList<>();
                    while (rows.next()) {
                        due.add(new Delivery(rows.getLong("delivery_id"), ChargeLedger.charge(rows),
                                rows.getInt("copy_number"), rows.getInt("attempts"),
                                rows.getLong("delivery_created_at")));
                    }
                    return due;
                }
            }
        });
    }

    /** When the next pending delivery is due, if one is pending. */
    OptionalLong nextAttemptAt() {
        return database.read(connection -> {
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT MIN(next_attempt_at) FROM webhook_deliveries WHERE state = 'PENDING'");
                 ResultSet rows = select.executeQuery()) {
                rows.next();
                long next = rows.getLong(1);
                return rows.wasNull() ? OptionalLong.empty() : OptionalLong.of(next);
            }
        });
    }

    void delivered(long id, int attempts, String outcome) {
        update(id, "DELIVERED", attempts, 0, outcome);
    }

    void retryAt(long id, int attempts, long nextAttemptAt, String outcome) {
        update(id, "PENDING", attempts, nextAttemptAt, outcome);
    }

    void abandoned(long id, int attempts, String outcome) {
        update(id, "ABANDONED", attempts, 0, outcome);
    }

    private void update(long id, String state, int attempts, long nextAttemptAt, String outcome) {
        database.read(connection -> {
            try (PreparedStatement update = connection.prepareStatement("UPDATE webhook_deliveries SET state = ?,"
                    + " attempts = ?, next_attempt_at = ?, last_outcome = ? WHERE id = ?")) {
                update.setString(1, state);
                update.setInt(2, attempts);
                update.setLong(3, nextAttemptAt);
                update.setString(4, outcome.length() > 500 ? outcome.substring(0, 500) : outcome);
                update.setLong(5, id);
                return update.executeUpdate();
            }
        });
    }
}
