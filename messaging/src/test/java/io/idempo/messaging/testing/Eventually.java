package io.idempo.messaging.testing;

import java.time.Duration;

/** Waits for a condition on the servers' state, polling; fails with what was awaited when it does not come. */
public final class Eventually {

    /** A check on the servers' state. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    private Eventually() {
    }

    public static void await(Duration timeout, String what, Condition condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Not within " + timeout.toSeconds() + " s: " + what);
            }
            Thread.sleep(50);
        }
    }
}
