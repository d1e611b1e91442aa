package io.idempo.runtime.internal;

import java.nio.charset.StandardCharsets;

/**
 * Checks text against the columns of the shipped DDL before it is written. MySQL's INSERT IGNORE turns a too-long
 * value into a silent truncation, so the stores must refuse it first; the same checks run on every database so that
 * an application behaves alike wherever it is deployed. Lengths count UTF-16 chars, which never undercounts the
 * characters a column counts.
 */
public final class TextColumns {

    /** MySQL's MEDIUMTEXT, in UTF-8 bytes: the largest text either store keeps. */
    public static final int MEDIUMTEXT_UTF8_BYTES = 16_777_215;

    private TextColumns() {
    }

    /** Returns {@code value}, or refuses null and values longer than the column, naming the column. */
    public static String requireFits(String column, String value, int maxLength) {
        if (value == null) {
            throw new IllegalArgumentException(column + " must not be null");
        }
        if (value.length() > maxLength) {
            throw new IllegalArgumentException(column + " is " + value.length() + " characters long; the "
                    + column + " column holds at most " + maxLength);
        }
        return value;
    }

    /** Whether {@code value} takes at most {@link #MEDIUMTEXT_UTF8_BYTES} in UTF-8. */
    public static boolean fitsMediumText(String value) {
        // A char takes at most 3 UTF-8 bytes (a surrogate pair takes 4 for 2 chars): no need to encode a short value.
        return (long) value.length() * 3 <= MEDIUMTEXT_UTF8_BYTES
                || value.getBytes(StandardCharsets.UTF_8).length <= MEDIUMTEXT_UTF8_BYTES;
    }
}
