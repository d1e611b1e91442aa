package io.idempo.example.receipts;

import io.idempo.Idempotent;
import io.idempo.example.events.ShopEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.logging.Logger;

/**
 * Sends the receipt mail of a paid order (simulated: a row in {@code receipt_mails} and a log line), once per
 * PAYMENT_SUCCEEDED event however often the broker delivers it. The row has no unique key: the idempotent call is
 * what keeps a second copy from taking effect, and the reconciliation checks it ({@code event-effect-twice}).
 */
@ApplicationScoped
public class ReceiptMails {

    public static final String ACTION = "receipts.mail";

    private static final Logger LOG = Logger.getLogger("io.idempo.example");

    @PersistenceContext(unitName = "shop")
    EntityManager em;

    /** Keyed by the AMQP message id, which the outbox relay sets to the event id; scoped by the consumer's name. */
    @Idempotent(action = ACTION, ttl = "P7D", noResult = true)
    @Transactional
    public void send(ShopEvent event) {
        em.createNativeQuery("INSERT INTO receipt_mails (event_id, order_id, amount, sent_at) VALUES (?1, ?2, ?3, ?4)")
                .setParameter(1, event.eventId())
                .setParameter(2, event.orderId())
                .setParameter(3, event.amount())
                .setParameter(4, System.currentTimeMillis())
                .executeUpdate();
        LOG.info(() -> "idempo example: receipt mail sent (simulated) for order " + event.orderId() + ", event "
                + event.eventId());
    }
}
