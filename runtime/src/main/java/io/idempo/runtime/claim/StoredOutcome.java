package io.idempo.runtime.claim;

import java.util.Objects;

/**
 * The final outcome of a first call, as replayed to its duplicates.
 *
 * @param kind    a returned result, a stored exception, or nothing ({@code noResult} methods)
 * @param payload the result encoded by the response codec, or the exception as {@code type\nmessage}; empty for none
 */
public record StoredOutcome(Kind kind, String payload) {

    public enum Kind { RESULT, EXCEPTION, NONE }

    public StoredOutcome {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(payload, "payload");
    }
}
