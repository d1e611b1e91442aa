package io.idempo.redis.jedis;

import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The text stored under a key in Redis: {@code P\n<token>\n<fingerprint>} while held,
 * {@code C\n<fingerprint>\n<fieldDigests>\n<kind>\n<payload>} once completed, with the field digests as
 * {@code path=hex;path=hex} and the last two parts as {@link StoredOutcome#text()}. The payload comes last because
 * it may contain newlines; no other part can. Public, as {@link RedisScripts} is, for stores on other Redis clients.
 */
public final class RedisValue {

    private RedisValue() {
    }

    public static String held(String token, String fingerprint) {
        return heldPrefix(token) + fingerprint;
    }

    /** The start of every value held by {@code token}; tokens are random UUIDs, so it names one claim. */
    public static String heldPrefix(String token) {
        return "P\n" + token + "\n";
    }

    public static String completed(CompletedCall call) {
        return "C\n" + call.fingerprint() + "\n" + formatFieldDigests(call.fieldDigests()) + "\n"
                + call.outcome().text();
    }

    /** A held value's fingerprint, or null if the value is a completed one. */
    public static String heldFingerprint(String value) {
        return value.startsWith("P\n") ? value.split("\n", 3)[2] : null;
    }

    /** A completed value, or null if the value is a held one. */
    public static CompletedCall parseCompleted(String value) {
        if (!value.startsWith("C\n")) {
            return null;
        }
        String[] parts = value.split("\n", 4);
        if (parts.length < 4) {
            throw new IllegalStateException("Malformed completed value in Redis; delete the key or let it expire");
        }
        return new CompletedCall(parts[1], parseFieldDigests(parts[2]), StoredOutcome.parse(parts[3]));
    }

    private static String formatFieldDigests(Map<String, String> digests) {
        return digests.entrySet().stream().map(entry -> entry.getKey() + "=" + entry.getValue())
                .collect(Collectors.joining(";"));
    }

    private static Map<String, String> parseFieldDigests(String text) {
        Map<String, String> digests = new LinkedHashMap<>();
        if (!text.isEmpty()) {
            for (String pair : text.split(";")) {
                int separator = pair.lastIndexOf('=');
                digests.put(pair.substring(0, separator), pair.substring(separator + 1));
            }
        }
        return digests;
    }
}
