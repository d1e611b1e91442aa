package io.idempo.runtime.spi;

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

    /** The text form kept in the record's {@code response} column: {@code <kind>\n<payload>}. */
    public String text() {
        return kind.name() + "\n" + payload;
    }

    /** Reads {@link #text()} back. */
    public static StoredOutcome parse(String text) {
        int newline = text == null ? -1 : text.indexOf('\n');
        if (newline < 0) {
            throw new IllegalArgumentException("Not a stored outcome (expected <kind>\\n<payload>); was the record "
                    + "written by another version of idempo?");
        }
        return new StoredOutcome(Kind.valueOf(text.substring(0, newline)), text.substring(newline + 1));
    }
}
