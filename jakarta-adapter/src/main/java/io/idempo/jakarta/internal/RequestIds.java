package io.idempo.jakarta.internal;

import java.util.UUID;

/**
 * The rule for {@code X-Request-Id}: a value the client sends is kept when it is 1 to {@value #MAX_LENGTH} visible
 * ASCII characters (33 to 126: no space, no control character, nothing a log line could be split or forged with);
 * anything else, and no value, is replaced by a random UUID.
 */
final class RequestIds {

    static final int MAX_LENGTH = 128;

    private RequestIds() {
    }

    /** {@code candidate} if it is a valid request id, else a new one. */
    static String acceptOrCreate(String candidate) {
        return isValid(candidate) ? candidate : UUID.randomUUID().toString();
    }

    static boolean isValid(String candidate) {
        if (candidate == null || candidate.isEmpty() || candidate.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < candidate.length(); i++) {
            char c = candidate.charAt(i);
            if (c < '!' || c > '~') {
                return false;
            }
        }
        return true;
    }
}
