package io.idempo.runtime.internal;

import java.sql.SQLException;

/**
 * Reads the driver's SQLException for the stores that run native SQL (the record and the outbox): whether it is
 * contention (another transaction holds the rows: retryable) or a unique violation, and otherwise what the operator
 * should check. Decided by SQLState where it is standard, and by vendor code where the drivers disagree on the
 * SQLState.
 */
public final class SqlErrors {

    /**
     * The table a statement ran on, as the messages name it.
     *
     * @param name           the configured table name
     * @param schemaResource the shipped DDL for the dialect, such as {@code io/idempo/runtime/schema/postgresql.sql}
     * @param schemaHelper   what gives that DDL for any table name, such as {@code RecordSchema.statements}
     * @param dialect        the configured dialect, by name
     */
    public record Table(String name, String schemaResource, String schemaHelper, String dialect) {
    }

    private SqlErrors() {
    }

    /** A lock wait that ran out, a deadlock, or a serialization failure: another transaction holds the rows. */
    public static boolean isContention(SQLException failure) {
        String state = failure.getSQLState();
        int code = failure.getErrorCode();
        return "55P03".equals(state)      // PostgreSQL lock_not_available: lock_timeout expired
                || "40P01".equals(state)  // PostgreSQL deadlock_detected
                || "40001".equals(state)  // serialization failure; MySQL, MariaDB and H2 report deadlocks with it too
                || code == 1205           // MySQL/MariaDB lock wait timeout (SQLState differs between drivers)
                || code == 1213           // MySQL/MariaDB deadlock
                || code == 50200          // H2 lock timeout (SQLState HYT00)
                || code == 90131;         // H2 concurrent update of the same row
    }

    public static boolean isUniqueViolation(SQLException failure) {
        return "23505".equals(failure.getSQLState()) || failure.getErrorCode() == 1062;
    }

    /** {@code " (SQLState 42P01, vendor code 0: <first line of the message>)"}, to append to a sentence. */
    public static String describe(SQLException failure) {
        return " (SQLState " + failure.getSQLState() + ", vendor code " + failure.getErrorCode() + ": "
                + firstLine(failure.getMessage()) + ")";
    }

    /**
     * What to check for a failure that is not contention, as one or two sentences.
     *
     * @param ifConnectionFailed what a broken connection means for the work that was running, as a sentence
     */
    public static String whatToCheck(SQLException failure, Table table, String ifConnectionFailed) {
        String state = failure.getSQLState() == null ? "" : failure.getSQLState();
        int code = failure.getErrorCode();
        String schema = table.schemaResource();
        // H2 reports a missing table as 42S02, 42S03 (with a similar name) or 42S04 (in an empty database).
        if (state.equals("42P01") || state.equals("42S02") || state.equals("42S03") || state.equals("42S04")) {
            return "The table does not exist: create it with the DDL in " + schema + " (" + table.schemaHelper()
                    + " gives it for any table name), or configure the table name in use.";
        }
        if (state.equals("42703") || state.equals("42S22")) {
            return "The table lacks a column the store uses: it was not created from " + schema
                    + "; compare the two and migrate the table.";
        }
        if (state.equals("42501") || code == 1142 || code == 1143) {
            return "The database user may not use the table: grant it SELECT, INSERT, UPDATE and DELETE on "
                    + table.name() + ".";
        }
        // 08: connection exceptions; 57P01-57P03: PostgreSQL ended the session (an operator, a shutdown, a failover).
        if (state.startsWith("08") || state.startsWith("57P0")) {
            return "The connection to the database failed: check that the database is reachable. "
                    + ifConnectionFailed;
        }
        if (state.equals("25P02")) {
            return "The transaction had already failed before this statement: an earlier statement in it raised"
                    + " an error, and PostgreSQL ignores everything until the transaction ends. Roll back and look"
                    + " for that first error.";
        }
        if (state.startsWith("42")) {
            return "The database rejected the SQL of dialect " + table.dialect() + ": check that the configured"
                    + " dialect matches the database (SqlDialect.detect reads it from a connection).";
        }
        if (state.startsWith("22") || state.startsWith("23")) {
            return "A value did not fit the table: check that its columns match " + schema + ".";
        }
        return "Check the database's log for this error, and the table against " + schema + ".";
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no message";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }
}
