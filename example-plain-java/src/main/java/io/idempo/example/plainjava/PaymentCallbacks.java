package io.idempo.example.plainjava;

import io.idempo.runtime.IdempotentOperation;
import io.idempo.runtime.tx.JpaTransactions;
import java.time.Duration;

/**
 * The payment provider's "payment settled" callbacks, which it delivers at least once. A handler registered as a
 * lambda with a web or message framework is not woven, so it runs through {@link IdempotentOperation}: the same
 * engine, layers, outcomes and exceptions as an {@code @Idempotent} method.
 */
public final class PaymentCallbacks {

    /** Settlement event of the provider; its id is the key, and the whole event is the fingerprint. */
    public record Settlement(String eventId, String payment, long amountCents) {
    }

    /** Defined once, called per delivery. The provider redelivers for a day. */
    private static final IdempotentOperation<Void> SETTLE =
            IdempotentOperation.withoutResult("payments.settle").ttl(Duration.ofHours(24));

    private final JpaTransactions transactions;

    public PaymentCallbacks(JpaTransactions transactions) {
        this.transactions = transactions;
    }

    /** Adds the settled amount to its order once per event, however often the event is delivered. */
    public void onSettled(Settlement event) throws Exception {
        SETTLE.call(event.eventId(), event, () -> {
            transactions.currentEntityManager()
                    .createQuery("UPDATE ShopOrder o SET o.paidCents = o.paidCents + :amount"
                            + " WHERE o.payment = :payment")
                    .setParameter("amount", event.amountCents())
                    .setParameter("payment", event.payment())
                    .executeUpdate();
            return null;
        });
    }
}
