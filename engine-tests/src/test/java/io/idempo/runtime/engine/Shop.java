package io.idempo.runtime.engine;

import io.idempo.IdempotencyKey;
import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import io.idempo.runtime.tx.JpaTransactions;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The woven fixture: an ordinary service whose {@code @Idempotent} methods the test build compiles with the
 * processor and weaves with the aspect, exactly as a user's build would. Each call writes one business row in
 * the caller's transaction and counts how often its body really ran.
 */
public class Shop {

    public record OrderRequest(long productId, int quantity, BigDecimal amount) {
    }

    public record Order(String id, long productId, int quantity, BigDecimal amount) {
    }

    /** A final business outcome: stored with the record and rethrown to every duplicate. */
    public static class OutOfStockException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public OutOfStockException(String message) {
            super(message);
        }
    }

    private final JpaTransactions transactions;
    private final String ordersTable;
    final AtomicInteger executions = new AtomicInteger();
    volatile boolean failAfterWrite;
    volatile Duration delay = Duration.ZERO;

    Shop(JpaTransactions transactions, String ordersTable) {
        this.transactions = transactions;
        this.ordersTable = ordersTable;
    }

    @Idempotent(action = "orders.create", ttl = "PT30M", lease = "PT10S",
            storeExceptions = OutOfStockException.class)
    public Order placeOrder(OrderRequest request, @IdempotencyKey String key) {
        return writeOrder(request, key);
    }

    /** A short TTL, to observe the documented contract: after the TTL the same key runs again. */
    @Idempotent(action = "orders.quick", ttl = "PT1S")
    public Order placeQuickOrder(OrderRequest request, @IdempotencyKey String key) {
        return writeOrder(request, key);
    }

    /** A generic result type, replayed with its element type; scoped by tenant. */
    @Idempotent(action = "orders.batch")
    public List<Order> placeBatch(List<OrderRequest> requests, @IdempotencyKey String key,
                                  @IdempotencyScope String tenant) {
        return requests.stream().map(request -> writeOrder(request, key)).toList();
    }

    /** The same business write, not woven: the work an {@code IdempotentOperation} wraps. */
    public Order writeUnprotected(OrderRequest request, String key) {
        return writeOrder(request, key);
    }

    private Order writeOrder(OrderRequest request, String key) {
        executions.incrementAndGet();
        if (request.quantity() > 100) {
            throw new OutOfStockException("only 100 in stock");
        }
        Order order = new Order(UUID.randomUUID().toString(), request.productId(), request.quantity(),
                request.amount());
        transactions.currentEntityManager()
                .createNativeQuery("INSERT INTO " + ordersTable + " (id, client_key, product_id, quantity, amount)"
                        + " VALUES (?1, ?2, ?3, ?4, ?5)")
                .setParameter(1, order.id()).setParameter(2, key).setParameter(3, order.productId())
                .setParameter(4, order.quantity()).setParameter(5, order.amount())
                .executeUpdate();
        pause();
        if (failAfterWrite) {
            throw new IllegalStateException("simulated failure after the business write");
        }
        return order;
    }

    private void pause() {
        if (!delay.isZero()) {
            try {
                Thread.sleep(delay.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
