package io.idempo.runtime.step;

import io.idempo.ExternalStep;
import java.io.IOException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A woven fixture with {@code @ExternalStep} methods of every form: an event id, a {@code StepOwner} and a UUID as
 * owner; a permanent failure; a provider that ignores keys, with a resolver; no result; a static method. Each records
 * the derived key it was called with, as a real provider client would send it.
 */
public class PaymentGateway {

    /** The provider's final refusal. */
    public static class CardDeclinedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public CardDeclinedException(String message) {
            super(message);
        }
    }

    static final List<String> STATIC_CALLS = new CopyOnWriteArrayList<>();

    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<String> resolverAsked = new CopyOnWriteArrayList<>();
    volatile boolean refundTimesOut;
    volatile StepResolution<Receipt> refundFound = StepResolution.notDone();

    @ExternalStep(name = "gateway.charge", permanentFailures = CardDeclinedException.class)
    public Receipt charge(@ExternalStep.Owner String eventId, long amount) {
        calls.add(ExternalSteps.currentKey());
        if (amount <= 0) {
            throw new CardDeclinedException("card declined: amount " + amount);
        }
        return new Receipt("ch_" + calls.size(), amount);
    }

    @ExternalStep(name = "gateway.refund", providerHonoursKeys = false, resolver = "findRefund", maxAttempts = 3,
            backoff = "PT5S", maxBackoff = "PT5S")
    public Receipt refund(long amount, @ExternalStep.Owner StepOwner owner) throws IOException {
        calls.add(ExternalSteps.currentKey());
        if (refundTimesOut) {
            throw new IOException("read timed out");
        }
        return new Receipt("re_" + calls.size(), -amount);
    }

    StepResolution<Receipt> findRefund(String derivedKey) {
        resolverAsked.add(derivedKey);
        return refundFound;
    }

    @ExternalStep(name = "gateway.notify", noResult = true)
    public void notifyCustomer(@ExternalStep.Owner UUID eventId) {
        calls.add(ExternalSteps.currentKey());
    }

    @ExternalStep(name = "gateway.status")
    public static String status(@ExternalStep.Owner String eventId) {
        STATIC_CALLS.add(ExternalSteps.currentKey());
        return "settled";
    }
}
