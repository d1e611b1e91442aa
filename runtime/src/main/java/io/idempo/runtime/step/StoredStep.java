package io.idempo.runtime.step;

import io.idempo.runtime.spi.StoredOutcome;
import java.time.Instant;
import java.util.Optional;

/**
 * One row of the step table, as committed: what an operator inspects and what a run decides on.
 *
 * @param derivedKey the key sent to the provider ({@link StepKey#derivedKey()}): the row's primary key
 * @param owner      the owner's text form ({@link StepOwner#text()})
 * @param stepName   the step's name
 * @param state      where the step stands
 * @param attempts   how many attempts have started, the running one included
 * @param leaseToken the token of the attempt that holds the step; null when none does
 * @param leaseUntil until when that attempt holds it; null when none does
 * @param notBefore  no attempt starts before this (the backoff after a failed one)
 * @param outcome    the stored outcome ({@link StoredOutcome#text()}) once SUCCEEDED or FAILED; null before
 * @param lastError  why the last failed attempt failed (type and message, cut to 500 characters); null if none did
 * @param createdAt  when the first attempt started
 * @param updatedAt  when the row last changed
 */
public record StoredStep(String derivedKey, String owner, String stepName, StepState state, int attempts,
                         String leaseToken, Instant leaseUntil, Instant notBefore, String outcome, String lastError,
                         Instant createdAt, Instant updatedAt) {

    /** Whether an attempt holds the step at {@code now}: another attempt must not start. */
    public boolean isLeasedAt(Instant now) {
        return leaseUntil != null && leaseUntil.isAfter(now);
    }

    /** The stored outcome, once the step is SUCCEEDED or FAILED. */
    public Optional<StoredOutcome> storedOutcome() {
        return outcome == null ? Optional.empty() : Optional.of(StoredOutcome.parse(outcome));
    }

    /** The step's key, read back from the row. */
    public StepKey key() {
        return new StepKey(StepOwner.parse(owner), stepName);
    }
}
