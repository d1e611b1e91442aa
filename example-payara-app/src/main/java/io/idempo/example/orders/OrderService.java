package io.idempo.example.orders;

import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import io.idempo.example.demo.DemoFaults;
import io.idempo.example.events.ShopEvents;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

/** Places and reads orders. */
@ApplicationScoped
public class OrderService {

    public static final String ACTION = "orders.create";

    @PersistenceContext(unitName = "shop")
    EntityManager em;

    @Inject
    DemoFaults faults;

    @Inject
    ShopEvents events;

    /**
     * Places an order once per {@code Idempotency-Key}: a retry of the same request gets the same order back (and
     * the same 201), however often it arrives within 30 minutes. The key comes from the request context (the
     * header, through the Jakarta adapter); the scope is the user, so two users' keys never meet.
     *
     * <p>The aspect runs inside the method body, so inside the transaction that {@code @Transactional} opened: the
     * idempotency record is written in the same transaction as the order and commits or rolls back with it, and so is
     * its ORDER_PLACED event (the outbox): a retry replays the order and writes no second event.
     */
    @Idempotent(action = ACTION, ttl = "PT30M")
    @Transactional
    public OrderView place(@IdempotencyScope String user, OrderRequest request) {
        Order order = new Order(request.productId(), request.quantity(), request.amount(), user,
                System.currentTimeMillis());
        em.persist(order);
        em.flush();
        events.orderPlaced(order);
        faults.delayBeforeReturn();
        faults.afterWrite();
        return OrderView.of(order);
    }

    /** The caller's order. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public OrderView find(String user, long orderId) {
        Order order = em.find(Order.class, orderId);
        if (order == null || !order.getCreatedBy().equals(user)) {
            throw new OrderNotFoundException(orderId);
        }
        return OrderView.of(order);
    }
}
