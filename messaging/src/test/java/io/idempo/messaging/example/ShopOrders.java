package io.idempo.messaging.example;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.outbox.Outbox;
import io.idempo.runtime.tx.JdbcTransactions;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;

/**
 * The business service of {@code docs/outbox.md}: placing an order writes the order and its ORDER_PLACED event in the
 * same transaction as the idempotency record.
 */
public class ShopOrders {

    private final JdbcTransactions transactions;
    private final Outbox outbox;
    private final String events;
    private final Jsonb jsonb = JsonbBuilder.create();

    /** @param events the exchange the events go to */
    public ShopOrders(JdbcTransactions transactions, Outbox outbox, String events) {
        this.transactions = transactions;
        this.outbox = outbox;
        this.events = events;
    }

    @Idempotent(action = "orders.place", ttl = "PT30M")
    public String place(@IdempotencyKey String key, PlaceOrder request) throws SQLException {
        String orderId = UUID.randomUUID().toString();
        try (PreparedStatement insert = transactions.currentConnection().prepareStatement(
                "INSERT INTO shop_order (id, product, amount) VALUES (?, ?, ?)")) {
            insert.setString(1, orderId);
            insert.setString(2, request.product());
            insert.setBigDecimal(3, request.amount());
            insert.executeUpdate();
        }
        outbox.publish(events, "ORDER_PLACED", orderId,
                eventId -> jsonb.toJson(new OrderPlaced(eventId, "ORDER_PLACED", orderId, request.amount())));
        return orderId;
    }
}
