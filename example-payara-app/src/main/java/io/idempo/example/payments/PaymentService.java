package io.idempo.example.payments;

import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import io.idempo.example.demo.DemoFaults;
import io.idempo.example.events.ShopEvents;
import io.idempo.example.orders.Order;
import io.idempo.example.orders.OrderNotFoundException;
import io.idempo.example.orders.OrderStatus;
import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.RecordKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** Captures the payment of an order. */
@ApplicationScoped
public class PaymentService {

    public static final String ACTION = "payments.capture";

    @PersistenceContext(unitName = "shop")
    EntityManager em;

    @Inject
    PaymentChannel channel;

    @Inject
    DemoFaults faults;

    @Inject
    ShopEvents events;

    /**
     * Pays an order once per {@code Idempotency-Key} (replayed for 24 hours), and an order only once whatever the
     * keys: the order moves PENDING -> PAID by a conditional update, so of two concurrent payments with different
     * keys exactly one changes the row; the other re-reads the order and returns the existing payment. The payment
     * that moves the order PENDING -> PAID writes its PAYMENT_SUCCEEDED event in the same transaction (the outbox).
     */
    @Idempotent(action = ACTION, ttl = "PT24H")
    @Transactional
    public PaymentView pay(@IdempotencyScope String user, long orderId, PaymentRequest request) {
        Order order = em.find(Order.class, orderId);
        if (order == null || !order.getCreatedBy().equals(user)) {
            throw new OrderNotFoundException(orderId);
        }
        if (order.getAmount() != request.amount()) {
            throw new AmountMismatchException(orderId, order.getAmount(), request.amount());
        }
        int changed = em.createQuery("UPDATE ShopOrder o SET o.status = :paid WHERE o.id = :id AND o.status = :pending")
                .setParameter("paid", OrderStatus.PAID)
                .setParameter("id", orderId)
                .setParameter("pending", OrderStatus.PENDING)
                .executeUpdate();
        if (changed == 0) {
            // Another payment got there first (or is committing now: the UPDATE waited for it). Re-read.
            em.refresh(order);
            if (order.getStatus() == OrderStatus.PAID) {
                return existingPayment(orderId);
            }
            throw new OrderNotPayableException("Order " + orderId + " is " + order.getStatus() + " and cannot be paid");
        }
        PaymentChannel.Charge charge = channel.capture(channelKey(user, orderId), orderId, request.amount());
        Payment payment = new Payment(orderId, request.amount(), charge.channelTxnId(), user, System.currentTimeMillis());
        em.persist(payment);
        em.flush();
        events.paymentSucceeded(payment);
        faults.delayBeforeReturn();
        faults.afterWrite();
        return PaymentView.of(payment);
    }

    private PaymentView existingPayment(long orderId) {
        List<Payment> payments = em.createQuery("SELECT p FROM Payment p WHERE p.orderId = :id ORDER BY p.id", Payment.class)
                .setParameter("id", orderId)
                .getResultList();
        if (payments.isEmpty()) {
            throw new OrderNotPayableException("Order " + orderId + " is PAID but has no payment");
        }
        return PaymentView.of(payments.get(0));
    }

    /**
     * The channel's own idempotency key, derived from ours: the same request retried after a rollback (the
     * transaction failed after the channel call) asks the channel with the same key and gets the same charge.
     * Without a request key (no adapter, or a caller outside HTTP) it falls back to the order, which can be paid once.
     */
    static String channelKey(String user, long orderId) {
        return IdempotencyContext.currentKey()
                .map(key -> "idempo-" + new RecordKey(ACTION, user, key).hash())
                .orElse("order-" + orderId);
    }
}
