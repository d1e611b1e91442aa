package io.idempo.example.plainjava;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.runtime.tx.JpaTransactions;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Places orders once per idempotency key. Call {@link #place} with no transaction open: the woven engine claims the
 * key first, then begins the transaction, inserts the record, runs the method and commits the order with the record.
 */
public class OrderService {

    private final JpaTransactions transactions;
    private final PaymentProvider payments;
    private final AtomicInteger runs = new AtomicInteger();

    public OrderService(JpaTransactions transactions, PaymentProvider payments) {
        this.transactions = transactions;
        this.payments = payments;
    }

    /**
     * The key is the client's (an {@code Idempotency-Key} header, a message id). The fingerprint names the request's
     * fields one by one, so that the same key with another request is refused naming the fields that differ, instead
     * of being answered with this one's order.
     */
    @Idempotent(action = "orders.place", ttl = "PT30M",
            fingerprint = {"request.product", "request.quantity", "request.amountCents"})
    public Order place(OrderRequest request, @IdempotencyKey String key) {
        runs.incrementAndGet();
        String payment = payments.charge("order-" + key, request.amountCents());
        ShopOrder order = new ShopOrder(UUID.randomUUID().toString(), key, request, payment);
        // The engine's transaction: the order commits with the idempotency record, or neither does.
        transactions.currentEntityManager().persist(order);
        return order.toOrder();
    }

    /** How often {@link #place} really ran; a duplicate answered with the first call's order does not count. */
    public int runs() {
        return runs.get();
    }

    /** The orders stored with {@code key}, in a read-only transaction of their own. */
    public long ordersWithKey(String key) throws Exception {
        return transactions.inTransaction(() -> transactions.currentEntityManager()
                .createQuery("SELECT COUNT(o) FROM ShopOrder o WHERE o.orderKey = :key", Long.class)
                .setParameter("key", key)
                .getSingleResult());
    }

    /** What the provider has reported paid for an order. */
    public long paidCents(String orderId) throws Exception {
        return transactions.inTransaction(() -> transactions.currentEntityManager().find(ShopOrder.class, orderId)
                .paidCents());
    }
}
