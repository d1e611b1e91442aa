package io.idempo.runtime.claim;

import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;

/**
 * The text stored under a key in Redis: {@code P\n<token>\n<fingerprint>} while held,
 * {@code C\n<fingerprint>\n<fieldDigests>\n<kind>\n<payload>} once completed (the last two parts are
 * {@link StoredOutcome#text()}). The payload comes last because it may
 * contain newlines; no other part can.
 */
final class RedisValue {

    private RedisValue() {
    }

    static String held(String token, String fingerprint) {
        return heldPrefix(token) + fingerprint;
    }

    /** The start of every value held by {@code token}; tokens are random UUIDs, so it names one claim. */
    static String heldPrefix(String token) {
        return "P\n" + token + "\n";
    }

    static String completed(CompletedCall call) {
        return "C\n" + call.fingerprint() + "\n" + call.fieldDigests() + "\n" + call.outcome().text();
    }

    /** A held value's fingerprint, or null if the value is a completed one. */
    static String heldFingerprint(String value) {
        return value.startsWith("P\n") ? value.split("\n", 3)[2] : null;
    }

    /** A completed value, or null if the value is a held one. */
    static CompletedCall parseCompleted(String value) {
        if (!value.startsWith("C\n")) {
            return null;
        }
        String[] parts = value.split("\n", 4);
        if (parts.length < 4) {
            throw new IllegalStateException("Malformed completed value in Redis; delete the key or let it expire");
        }
        return new CompletedCall(parts[1], parts[2], StoredOutcome.parse(parts[3]));
    }
}
