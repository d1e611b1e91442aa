package io.idempo.example.callbacks;

import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import io.idempo.example.demo.DemoFaults;
import io.idempo.example.orders.Order;
import io.idempo.example.orders.OrderNotFoundException;
import io.idempo.example.payments.AmountMismatchException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

/** Books the payment channel's callbacks. */
@ApplicationScoped
public class CallbackService {

    public static final String ACTION = "payments.callback";

    /** The simulated channel's name: the scope of its callbacks, whoever delivers them. */
    public static final String PROVIDER = "demo-channel";

    @PersistenceContext(unitName = "shop")
    EntityManager em;

    @Inject
    DemoFaults faults;

    /**
     * Books a callback once: providers repeat callbacks until they see a 2xx, and send no key of ours, so the key
     * is the business key of the body ({@code channelTxnId:status}), scoped to the provider rather than to the user
     * who happens to deliver it. Repetitions within 6 hours get the first answer and add no ledger entry.
     */
    @Idempotent(action = ACTION, key = "{callback.channelTxnId}:{callback.status}", ttl = "PT6H")
    @Transactional
    public CallbackResult settle(@IdempotencyScope String provider, PaymentCallback callback) {
        Order order = em.find(Order.class, callback.orderId());
        if (order == null) {
            throw new OrderNotFoundException(callback.orderId());
        }
        if (order.getAmount() != callback.amount()) {
            throw new AmountMismatchException(callback.orderId(), order.getAmount(), callback.amount());
        }
        LedgerEntry entry = new LedgerEntry(callback.channelTxnId(), callback.orderId(), callback.amount(),
                callback.status(), provider, System.currentTimeMillis());
        em.persist(entry);
        em.flush();
        faults.delayBeforeReturn();
        faults.afterWrite();
        return CallbackResult.of(entry);
    }
}
