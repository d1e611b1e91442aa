package io.idempo.runtime.record;

import java.sql.SQLException;

/**
 * Turns the driver's SQLException into {@link RecordBusyException} when another transaction holds the key, and
 * into {@link RecordStoreException} with a hint of what to check otherwise. Decided by SQLState where it is
 * standard, and by vendor code where the drivers disagree on the SQLState.
 */
final class SqlFailures {

    private final String table;
    private final SqlDialect dialect;

    SqlFailures(String table, SqlDialect dialect) {
        this.table = table;
        this.dialect = dialect;
    }

    /**
     * @param operation what the store was doing, as a phrase that follows "Could not"
     * @param keyHash the key involved, or null for a purge
     * @param duplicateMeansBusy whether a unique violation here can only come from a racing insert of the same key
     */
    RecordStoreException translate(String operation, String keyHash, SQLException failure,
                                   boolean duplicateMeansBusy) {
        String cause = " (SQLState " + failure.getSQLState() + ", vendor code " + failure.getErrorCode() + ": "
                + firstLine(failure.getMessage()) + ")";
        if (isContention(failure) || duplicateMeansBusy && isUniqueViolation(failure)) {
            String subject = keyHash == null ? "Rows of table " + table : "The record for key " + keyHash;
            return new RecordBusyException("Could not " + operation + cause + ": " + subject + " is locked by"
                    + " another transaction, so the call is in progress elsewhere or was just rolled back. Roll back"
                    + " this transaction and retry the whole call later with the same key (answer 409 with"
                    + " Retry-After).", keyHash, failure);
        }
        return new RecordStoreException("Could not " + operation + " in table " + table + cause + ". "
                + whatToCheck(failure), failure);
    }

    private static boolean isContention(SQLException failure) {
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

    private static boolean isUniqueViolation(SQLException failure) {
        return "23505".equals(failure.getSQLState()) || failure.getErrorCode() == 1062;
    }

    private String whatToCheck(SQLException failure) {
        String state = failure.getSQLState() == null ? "" : failure.getSQLState();
        int code = failure.getErrorCode();
        String schema = dialect.schemaResource();
        // H2 reports a missing table as 42S02, 42S03 (with a similar name) or 42S04 (in an empty database).
        if (state.equals("42P01") || state.equals("42S02") || state.equals("42S03") || state.equals("42S04")) {
            return "The table does not exist: create it with the DDL in " + schema
                    + " (RecordSchema.statements gives it for any table name), or configure the table name in use.";
        }
        if (state.equals("42703") || state.equals("42S22")) {
            return "The table lacks a column the store uses: it was not created from " + schema
                    + "; compare the two and migrate the table.";
        }
        if (state.equals("42501") || code == 1142 || code == 1143) {
            return "The database user may not use the table: grant it SELECT, INSERT, UPDATE and DELETE on "
                    + table + ".";
        }
        if (state.startsWith("08")) {
            return "The connection to the database failed: check that the database is reachable. If this"
                    + " happened while committing, the transaction may have committed anyway; a retry with the"
                    + " same key finds its record.";
        }
        if (state.equals("25P02")) {
            return "The transaction had already failed before this statement: an earlier statement in it raised"
                    + " an error, and PostgreSQL ignores everything until the transaction ends. Roll back and look"
                    + " for that first error.";
        }
        if (state.startsWith("42")) {
            return "The database rejected the SQL of dialect " + dialect + ": check that the configured dialect"
                    + " matches the database (SqlDialect.detect reads it from a connection).";
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
