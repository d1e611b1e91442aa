package io.idempo.example.provider;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.h2.api.ErrorCode;

/** The charges: made once per idempotency key, with their webhooks, and read back. */
final class ChargeLedger {

    /** What a charge request came to. */
    enum Outcome {
        /** A new charge. */
        CHARGED,
        /** The key's charge, made before with the same parameters. */
        REPLAYED,
        /** The key's charge, made before with other parameters: refused. */
        MISMATCH;

        /** As the log line says it. */
        String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The key's charge and what the request came to. */
    record Recorded(Charge charge, Outcome outcome) {
    }

    /** How often a request reads and inserts again when a concurrent request with its key holds the row. */
    private static final int ATTEMPTS = 5;
    private static final String COLUMNS = "c.id, c.order_id, c.amount, c.idempotency_key";

    private final ProviderDatabase database;
    private final Clock clock;

    ChargeLedger(ProviderDatabase database, Clock clock) {
        this.database = database;
        this.clock = clock;
    }

    /**
     * The charge of {@code key}: made now, with {@code webhookCopies} webhook deliveries, if the key has none; else
     * the key's charge, replayed if {@code request} has its parameters. The unique key decides between concurrent
     * requests: the one whose insert loses reads the winner's charge.
     */
    Recorded chargeOnce(IdempotencyKey key, ChargeRequest request, int webhookCopies) {
        for (int attempt = 1; ; attempt++) {
            Optional<Charge> existing = byKey(key);
            if (existing.isPresent()) {
                Charge charge = existing.get();
                return new Recorded(charge, request.matches(charge) ? Outcome.REPLAYED : Outcome.MISMATCH);
            }
            try {
                return new Recorded(insert(key, request, webhookCopies), Outcome.CHARGED);
            } catch (SQLException e) {
                if (!heldByAnother(e) || attempt == ATTEMPTS) {
                    throw database.failure(e);
                }
            }
        }
    }

    Optional<Charge> byId(String id) {
        return database.read(connection -> one(connection, "SELECT " + COLUMNS + " FROM charges c WHERE c.id = ?",
                id));
    }

    Optional<Charge> byKey(IdempotencyKey key) {
        return database.read(connection -> one(connection, "SELECT " + COLUMNS
                + " FROM charges c WHERE c.idempotency_key = ?", key.value()));
    }

    /** Every charge, in the order they were made. */
    List<Charge> all() {
        return database.read(connection -> {
            try (PreparedStatement select = connection.prepareStatement("SELECT " + COLUMNS
                    + " FROM charges c ORDER BY c.seq"); ResultSet rows = select.executeQuery()) {
                List<Charge> charges = new ArrayList<>();
                while (rows.next()) {
                    charges.add(charge(rows));
                }
                return charges;
            }
        });
    }

    /** A charge as {@link #COLUMNS} select it, from the current row. */
    static Charge charge(ResultSet row) throws SQLException {
        return new Charge(row.getString("id"), row.getLong("order_id"), row.getLong("amount"),
                row.getString("idempotency_key"));
    }

    private Charge insert(IdempotencyKey key, ChargeRequest request, int webhookCopies) throws SQLException {
        Charge charge = new Charge(Ids.charge(), request.orderId(), request.amount(), key.value());
        long now = clock.millis();
        return database.inTransaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO charges (id, idempotency_key,"
                    + " order_id, amount, created_at) VALUES (?, ?, ?, ?, ?)")) {
                insert.setString(1, charge.id());
                insert.setString(2, charge.idempotencyKey());
                insert.setLong(3, charge.orderId());
                insert.setLong(4, charge.amount());
                insert.setLong(5, now);
                insert.executeUpdate();
            }
            WebhookOutbox.enqueue(connection, charge, webhookCopies, now);
            return charge;
        });
    }

    private static Optional<Charge> one(Connection connection, String sql, String parameter) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, parameter);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? Optional.of(charge(rows)) : Optional.empty();
            }
        }
    }

    /** The key's row exists or is being written by a concurrent request: read again. */
    private static boolean heldByAnother(SQLException e) {
        int code = e.getErrorCode();
        return code == ErrorCode.DUPLICATE_KEY_1 || code == ErrorCode.CONCURRENT_UPDATE_1
                || code == ErrorCode.LOCK_TIMEOUT_1;
    }
}
