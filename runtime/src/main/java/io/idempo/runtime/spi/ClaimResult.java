package io.idempo.runtime.spi;

import java.time.Duration;

/** What one claim attempt found, answered in one round trip to the claim store. */
public sealed interface ClaimResult {

    /** The key was free and is now held by the caller's token for the lease. */
    record Claimed() implements ClaimResult {
    }

    /** Another call holds the key; its lease ends in {@code remaining}. */
    record Held(String fingerprint, Duration remaining) implements ClaimResult {
    }

    /** A call with this key has completed; duplicates replay it. */
    record Done(CompletedCall call) implements ClaimResult {
    }

    /** The store could not answer (down, slow, circuit open): the database decides alone. */
    record Unavailable(String reason) implements ClaimResult {
    }
}
