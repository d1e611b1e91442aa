package io.idempo.messaging.example;

import io.idempo.Idempotent;
import io.idempo.runtime.tx.JdbcTransactions;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** The consumer's effect: one receipt per ORDER_PLACED event, however often the event arrives. */
public class Receipts {

    private final JdbcTransactions transactions;

    public Receipts(JdbcTransactions transactions) {
        this.transactions = transactions;
    }

    /** Keyed by the AMQP message id, which the relay sets to the event id. */
    @Idempotent(action = "receipts.send", ttl = "P7D", noResult = true)
    public void send(OrderPlaced event) throws SQLException {
        try (PreparedStatement insert = transactions.currentConnection().prepareStatement(
                "INSERT INTO receipt (event_id, order_id) VALUES (?, ?)")) {
            insert.setString(1, event.eventId());
            insert.setString(2, event.orderId());
            insert.executeUpdate();
        }
    }
}
