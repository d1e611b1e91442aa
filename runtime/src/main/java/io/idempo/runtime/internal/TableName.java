package io.idempo.runtime.internal;

import io.idempo.plan.Rules;

/**
 * Checks a configured table name before it is spliced into SQL text, where it cannot be a bind parameter
 * ({@link Rules#tableNameViolation}): only plain, unquoted identifiers, optionally qualified by a schema, so that
 * the name can never carry SQL and means the same in every statement and in the shipped DDL. Shared by the record
 * and the outbox tables.
 */
public final class TableName {

    private TableName() {
    }

    /** Returns the name unchanged, or refuses it with a message naming the rule. */
    public static String validate(String table) {
        Rules.tableNameViolation(table).ifPresent(violation -> {
            throw new IllegalArgumentException("Invalid table name '" + table + "': it " + violation);
        });
        return table;
    }

    /** The name without its schema, for naming the table's indexes. */
    public static String unqualified(String table) {
        return table.substring(table.lastIndexOf('.') + 1);
    }
}
