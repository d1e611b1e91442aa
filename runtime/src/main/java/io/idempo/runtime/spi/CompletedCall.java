package io.idempo.runtime.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A first call that committed: what a duplicate compares itself with and replays.
 *
 * @param fingerprint  the first call's fingerprint digest
 * @param fieldDigests the first call's per-field digests (path to hex), to name the fields a reused key changed
 * @param outcome      what the call produced
 */
public record CompletedCall(String fingerprint, Map<String, String> fieldDigests, StoredOutcome outcome) {

    public CompletedCall {
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(fieldDigests, "fieldDigests");
        Objects.requireNonNull(outcome, "outcome");
        fieldDigests = Collections.unmodifiableMap(new LinkedHashMap<>(fieldDigests));
    }
}
