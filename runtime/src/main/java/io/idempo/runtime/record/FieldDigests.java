package io.idempo.runtime.record;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The text form of per-field digests in the {@code field_digests} column: one {@code path=hex} line per field,
 * in plan order. Lines keep the column readable in a SQL console, and field paths never contain a line break.
 */
final class FieldDigests {

    private FieldDigests() {
    }

    static String encode(Map<String, String> digests) {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> digest : digests.entrySet()) {
            String path = digest.getKey();
            String hex = digest.getValue();
            if (path == null || path.isEmpty() || path.indexOf('=') >= 0 || path.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("Invalid field path '" + path
                        + "' in the field digests: it must be non-empty and contain neither '=' nor a line break");
            }
            if (hex == null || !ColumnLimits.isLowercaseHex(hex)) {
                throw new IllegalArgumentException("Invalid digest '" + hex + "' for field '" + path
                        + "': it must be lowercase hex");
            }
            if (text.length() > 0) {
                text.append('\n');
            }
            text.append(path).append('=').append(hex);
        }
        return text.toString();
    }

    static Map<String, String> decode(String text) {
        Map<String, String> digests = new LinkedHashMap<>();
        if (!text.isEmpty()) {
            for (String line : text.split("\n")) {
                int separator = line.lastIndexOf('=');
                if (separator <= 0) {
                    throw new IllegalStateException("Corrupt field_digests line '" + line
                            + "': expected path=hex; was the row written by something other than idempo?");
                }
                digests.put(line.substring(0, separator), line.substring(separator + 1));
            }
        }
        return Collections.unmodifiableMap(digests);
    }
}
