package io.idempo.example.plainjava;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for the payment service. It answers at once, except for a charge the demo holds: that one waits until
 * released, so that a duplicate can arrive while its first call is still running.
 */
final class DemoPaymentProvider implements PaymentProvider {

    /** A charge held until {@link #release()}; {@link #awaitCharging()} returns once its call is inside it. */
    static final class Hold {
        private final CountDownLatch charging = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        void awaitCharging() throws InterruptedException {
            if (!charging.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("The held charge was not reached within 30 s");
            }
        }

        void release() {
            released.countDown();
        }

        private void block() {
            charging.countDown();
            try {
                if (!released.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("The held charge was not released within 30 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while the charge was held", e);
            }
        }
    }

    private final AtomicInteger payments = new AtomicInteger();
    private final Map<String, Hold> holds = new ConcurrentHashMap<>();

    /** Holds the next charge with {@code paymentKey} until the returned hold is released. */
    Hold hold(String paymentKey) {
        Hold hold = new Hold();
        holds.put(paymentKey, hold);
        return hold;
    }

    @Override
    public String charge(String paymentKey, long amountCents) {
        Hold hold = holds.remove(paymentKey);
        if (hold != null) {
            hold.block();
        }
        return "pay-" + payments.incrementAndGet();
    }
}
