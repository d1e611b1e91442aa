package io.idempo.example.payments;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * A simulated payment provider, in memory. Like real providers it has an idempotency key of its own: a capture
 * repeated with the same channel key returns the first charge instead of charging again. That is what makes the
 * call safe inside a transaction that may still roll back: the retry asks again with the same derived key and
 * gets the same charge.
 */
@ApplicationScoped
public class PaymentChannel {

    private static final Logger LOG = Logger.getLogger("io.idempo.example.channel");

    /** One captured charge. */
    public record Charge(String channelTxnId, long orderId, long amount) {
    }

    private final Map<String, Charge> chargesByKey = new ConcurrentHashMap<>();
    private final AtomicLong sequence = new AtomicLong();

    /**
     * Captures {@code amount} for {@code orderId} once per {@code channelKey}.
     *
     * @throws OrderNotPayableException when the key was used before for another order or amount, as providers
     *                                  refuse a reused key with other parameters
     */
    public Charge capture(String channelKey, long orderId, long amount) {
        Charge charge = chargesByKey.computeIfAbsent(channelKey, key -> {
            Charge created = new Charge("ch_" + sequence.incrementAndGet(), orderId, amount);
            LOG.info(() -> "channel: captured " + created + " for channel key " + key);
            return created;
        });
        if (charge.orderId() != orderId || charge.amount() != amount) {
            throw new OrderNotPayableException("The payment channel refused key " + channelKey
                    + ": it was used for another order or amount");
        }
        return charge;
    }

    /** How many distinct charges the channel made. */
    public int charges() {
        return chargesByKey.size();
    }
}
