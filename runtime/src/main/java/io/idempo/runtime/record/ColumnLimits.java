package io.idempo.runtime.record;

import io.idempo.runtime.internal.TextColumns;
import java.util.regex.Pattern;

/** The column sizes of the record table's shipped DDL, checked before every write ({@link TextColumns}). */
final class ColumnLimits {

    static final int ACTION = 64;
    static final int SCOPE = 255;
    static final int CLIENT_KEY = 255;
    static final int FINGERPRINT_VERSION = 16;
    /** Fits MySQL's TEXT (65,535 bytes) even when every character takes 4 bytes in utf8mb4. */
    static final int FIELD_DIGESTS = 16_000;
    static final int RESPONSE_UTF8_BYTES = TextColumns.MEDIUMTEXT_UTF8_BYTES;

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
