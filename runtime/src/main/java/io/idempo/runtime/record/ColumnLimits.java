package io.idempo.runtime.record;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The column sizes of the shipped DDL, checked before every write. MySQL's INSERT IGNORE turns a too-long value
 * into a silent truncation, so the store must refuse it first; the same checks run on every database so that an
 * application behaves alike wherever it is deployed. Lengths count UTF-16 chars, which never undercounts the
 * characters a column counts.
 */
final class ColumnLimits {

    static final int ACTION = 64;
    static final int SCOPE = 255;
    static final int CLIENT_KEY = 255;
    static final int FINGERPRINT_VERSION = 16;
    /** Fits MySQL's TEXT (65,535 bytes) even when every character takes 4 bytes in utf8mb4. */
    static final int FIELD_DIGESTS = 16_000;
    /** MySQL's MEDIUMTEXT, in UTF-8 bytes. */
    static final int RESPONSE_UTF8_BYTES = 16_777_215;

    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");

    private ColumnLimits() {
    }

    /** A lowercase hex SHA-256: one spelling per hash, so a key can never be stored twice in two cases. */
    static String requireSha256Hex(String column, String value) {
        if (value == null || !SHA256_HEX.matcher(value).matches()) {
            throw new IllegalArgumentException(column + " must be a SHA-256 in lowercase hex (64 characters of"
                    + " 0-9a-f), not '" + value + "'");
        }
        return value;
    }

    static String requireFits(String column, String value, int maxLength) {
        if (value == null) {
            throw new IllegalArgumentException(column + " must not be null");
        }
        if (value.length() > maxLength) {
            throw new IllegalArgumentException(column + " is " + value.length() + " characters long; the "
                    + column + " column holds at most " + maxLength);
        }
        return value;
    }

    static String requireResponseFits(String response) {
        if (response == null) {
            throw new IllegalArgumentException("The encoded response must not be null: encode an empty or void"
                    + " result as a value of its own");
        }
        // A char takes at most 3 UTF-8 bytes (a surrogate pair takes 4 for 2 chars): skip encoding when it cannot exceed.
        if ((long) response.length() * 3 > RESPONSE_UTF8_BYTES
                && response.getBytes(StandardCharsets.UTF_8).length > RESPONSE_UTF8_BYTES) {
            throw new IllegalArgumentException("The encoded response is longer than " + RESPONSE_UTF8_BYTES
                    + " UTF-8 bytes, the most the response column holds (MySQL MEDIUMTEXT); return a smaller"
                    + " result or store a reference to it instead");
        }
        return response;
    }
}
