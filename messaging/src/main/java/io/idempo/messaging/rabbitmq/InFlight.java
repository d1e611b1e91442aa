package io.idempo.messaging.rabbitmq;

import java.time.Duration;

/** Counts the deliveries being handled, so that closing can wait for them to settle. */
final class InFlight {

    private int count;

    synchronized void enter() {
        count++;
    }

    synchronized void exit() {
        count--;
        if (count == 0) {
            notifyAll();
        }
    }

    /** Waits until no delivery is being handled; false if some still were after {@code timeout}. */
    synchronized boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (count > 0) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return false;
            }
            wait(Math.max(1, remaining / 1_000_000));
        }
        return true;
    }
}
