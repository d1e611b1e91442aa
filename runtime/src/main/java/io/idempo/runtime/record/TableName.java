package io.idempo.runtime.record;

import java.util.regex.Pattern;

/**
 * Checks the configured table name before it is spliced into SQL text, where it cannot be a bind parameter.
 * Only plain, unquoted identifiers are accepted, optionally qualified by a schema, so that the name can never
 * carry SQL and means the same in every statement and in the shipped DDL.
 */
final class TableName {

    /**
     * 48 characters per part leave room for the index name {@code <table>_expires_at} within PostgreSQL's
     * 63-character limit, beyond which it would silently truncate the name.
     */
    private static final Pattern QUALIFIED_IDENTIFIER =
            Pattern.compile("([A-Za-z_][A-Za-z0-9_]{0,47}\\.)?[A-Za-z_][A-Za-z0-9_]{0,47}");

    private TableName() {
    }

    /** Returns the name unchanged, or refuses it with a message naming the rule. */
    static String validate(String table) {
        if (table == null || !QUALIFIED_IDENTIFIER.matcher(table).matches()) {
            throw new IllegalArgumentException("Invalid record table name '" + table + "': use a plain SQL identifier"
                    + " (a letter or underscore, then letters, digits or underscores, at most 48), optionally"
                    + " prefixed by a schema name and a dot, such as idempo_record or app.idempo_record");
        }
        return table;
    }

    /** The name without its schema, for naming the table's index. */
    static String unqualified(String table) {
        return table.substring(table.lastIndexOf('.') + 1);
    }
}
