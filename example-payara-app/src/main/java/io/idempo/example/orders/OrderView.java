package io.idempo.example.orders;

import java.time.Instant;

/**
 * An order as the API shows it, and as a duplicate request gets it replayed: a plain record rather than the entity,
 * so that what is stored with the idempotency record is exactly what the client saw.
 */
public record OrderView(long id, long productId, int quantity, long amount, OrderStatus status, Instant createdAt) {

    public static OrderView of(Order order) {
        return new OrderView(order.getId(), order.getProductId(), order.getQuantity(), order.getAmount(),
                order.getStatus(), Instant.ofEpochMilli(order.getCreatedAt()));
    }
}
