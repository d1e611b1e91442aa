package io.idempo.runtime.spi;

import java.util.Objects;

/**
 * A first call that committed: what a duplicate compares itself with and replays.
 *
 * @param fingerprint  the first call's fingerprint digest
 * @param fieldDigests the first call's per-field digests as {@code path=hex;path=hex}, to name differing fields
 * @param outcome      what the call produced
 */
public record CompletedCall(String fingerprint, String fieldDigests, StoredOutcome outcome) {

    public CompletedCall {
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(fieldDigests, "fieldDigests");
        Objects.requireNonNull(outcome, "outcome");
    }
}
