package io.idempo.runtime.record;

import io.idempo.runtime.internal.TextColumns;

/** The column sizes of the record table's shipped DDL, checked before every write ({@link TextColumns}). */
final class ColumnLimits {

    static final int ACTION = 64;
    static final int SCOPE = 255;
    static final int CLIENT_KEY = 255;
    static final int FINGERPRINT_VERSION = 16;
    /** Fits MySQL's TEXT (65,535 bytes) even when every character takes 4 bytes in utf8mb4. */
    static final int FIELD_DIGESTS = 16_000;
    static final int RESPONSE_UTF8_BYTES = TextColumns.MEDIUMTEXT_UTF8_BYTES;

    private static final int SHA256_HEX_LENGTH = 64;

    private ColumnLimits() {
    }

    /** A lowercase hex SHA-256: one spelling per hash, so a key can never be stored twice in two cases. */
    static String requireSha256Hex(String column, String value) {
        if (value == null || value.length() != SHA256_HEX_LENGTH || !isLowercaseHex(value)) {
            throw new IllegalArgumentException(column + " must be a SHA-256 in lowercase hex (64 characters of"
                    + " 0-9a-f), not '" + value + "'");
        }
        return value;
    }

    /**
     * Non-empty and only 0-9a-f. A loop, not a regular expression: a first call checks three hashes, and the
     * matcher was 2.5 % of its CPU samples (JFR profile of the example app).
     */
    static boolean isLowercaseHex(String value) {
        if (value.isEmpty()) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    static String requireResponseFits(String response) {
        if (response == null) {
            throw new IllegalArgumentException("The encoded response must not be null: encode an empty or void"
                    + " result as a value of its own");
        }
        if (!TextColumns.fitsMediumText(response)) {
            throw new IllegalArgumentException("The encoded response is longer than " + RESPONSE_UTF8_BYTES
                    + " UTF-8 bytes, the most the response column holds (MySQL MEDIUMTEXT); return a smaller"
                    + " result or store a reference to it instead");
        }
        return response;
    }
}
