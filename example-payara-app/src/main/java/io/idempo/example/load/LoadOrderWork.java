package io.idempo.example.load;

import io.idempo.example.orders.OrderRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;

/**
 * The business work of the load-test endpoints, the same whether the caller is {@code @Idempotent} or not. It runs
 * in the caller's JTA transaction (both callers are {@code @Transactional}) as native statements on the shop's
 * entity manager, so that exactly the statements below reach the database, on the connection that the idempotency
 * record's statements use too:
 * <ul>
 *   <li>{@link #trivial}: one INSERT into {@code load_orders}.</li>
 *   <li>{@link #realistic}: a SELECT of the product, a simulated downstream call (a pricing or fraud check) that
 *       pads the work to {@link #REALISTIC_MINIMUM} since it began, then the INSERT into {@code load_orders} and an
 *       INSERT into {@code load_order_audit}: three statements and at least 2 ms inside the transaction, holding
 *       its connection, as a real service would.</li>
 * </ul>
 * Not JDBC on the container's data source: on Payara, under load, a second {@code getConnection()} in a transaction
 * whose entity manager already holds a connection is not always shared, and every transaction then waits for a
 * second pooled connection until the pool runs dry (seen with 32 concurrent callers and the pool of 20).
 */
@ApplicationScoped
public class LoadOrderWork {

    static final Duration REALISTIC_MINIMUM = Duration.ofMillis(2);

    @PersistenceContext(unitName = "shop")
    EntityManager em;

    public LoadOrder trivial(String user, OrderRequest request) {
        return insertOrder(user, request);
    }

    public LoadOrder realistic(String user, OrderRequest request) {
        long started = System.nanoTime();
        if (em.createNativeQuery("SELECT price, stock FROM load_products WHERE id = ?")
                .setParameter(1, request.productId()).getResultList().isEmpty()) {
            throw new IllegalArgumentException("No load product " + request.productId() + ": use 1.."
                    + LoadSchema.PRODUCTS);
        }
        long remaining = REALISTIC_MINIMUM.toNanos() - (System.nanoTime() - started);
        if (remaining > 0) {
            LockSupport.parkNanos(remaining);
        }
        LoadOrder order = insertOrder(user, request);
        em.createNativeQuery("INSERT INTO load_order_audit (order_reference, event, detail, created_at)"
                        + " VALUES (?, ?, ?, ?)")
                .setParameter(1, order.reference())
                .setParameter(2, "PLACED")
                .setParameter(3, "by " + user + ", " + request.quantity() + " x product " + request.productId())
                .setParameter(4, System.currentTimeMillis())
                .executeUpdate();
        return order;
    }

    private LoadOrder insertOrder(String user, OrderRequest request) {
        String reference = UUID.randomUUID().toString();
        em.createNativeQuery("INSERT INTO load_orders (reference, product_id, quantity, amount, created_by,"
                        + " created_at) VALUES (?, ?, ?, ?, ?, ?)")
                .setParameter(1, reference)
                .setParameter(2, request.productId())
                .setParameter(3, request.quantity())
                .setParameter(4, request.amount())
                .setParameter(5, user)
                .setParameter(6, System.currentTimeMillis())
                .executeUpdate();
        return new LoadOrder(reference, request.productId(), request.quantity(), request.amount());
    }
}
