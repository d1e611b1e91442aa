package io.idempo.example.provider;

import static org.junit.jupiter.api.Assertions.fail;

import io.idempo.testing.ChildProcesses;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for what a background thread does (a webhook, a process that starts), failing with what was seen. */
final class Eventually {

    private Eventually() {
    }

    static void until(BooleanSupplier condition, Duration timeout, Supplier<String> seen) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + timeout.toSeconds() + " s: " + seen.get());
            }
            ChildProcesses.pause(20);
        }
    }
}
