package io.idempo.runtime.step;

import io.idempo.runtime.record.SqlDialect;

/**
 * The SQL text of every step-table operation for one table. Three parts differ by database: the conflict-free
 * insert, how a query is cut to its first rows, and the batched purge; the rest every database accepts.
 *
 * <p>Every write after the insert names the state it expects (and the lease token or attempt count it saw), so that
 * a worker whose view is stale changes nothing: it affects 0 rows and reads the row again.
 *
 * <p>The texts contain no {@code :}, so that JPA providers never mistake part of them for a named parameter.
 */
final class StepStatements {

    /** Every column, in the order {@link StepStore} reads them. */
    static final String COLUMNS = "derived_key, owner, step_name, state, attempts, lease_token, lease_until,"
            + " not_before, outcome, last_error, created_at, updated_at";

    /**
     * A first attempt's row: STARTED, one attempt, its lease taken. Parameters: derived_key, owner, step_name,
     * lease_token, lease_until, not_before, created_at, updated_at.
     */
    private static final String STARTED_VALUES = "VALUES (?, ?, ?, 'STARTED', 1, ?, ?, ?, NULL, NULL, ?, ?)";

    /** A row no attempt holds: no lease, or one that has run out. Parameter: now. */
    private static final String LEASE_FREE = " AND (lease_until IS NULL OR lease_until <= ?)";

    /** The row of the attempt holding the lease. Parameters: derived_key, lease_token. */
    private static final String HELD = " WHERE derived_key = ? AND state = 'STARTED' AND lease_token = ?";

    private static final String FINISHED = "state IN ('SUCCEEDED', 'FAILED')";

    private final SqlDialect dialect;
    private final String table;

    StepStatements(SqlDialect dialect, String table) {
        this.dialect = dialect;
        this.table = table;
    }

    /**
     * Inserts a first attempt's row ({@link #STARTED_VALUES}), or affects 0 rows when the step exists. Never raises a
     * unique violation for a committed row; H2 in its default mode can still raise one when two transactions insert
     * the same key at the same moment, which means another worker is starting the step.
     */
    String insertStarted() {
        return switch (dialect) {
            case POSTGRESQL -> "INSERT INTO " + table + " (" + COLUMNS + ") " + STARTED_VALUES
                    + " ON CONFLICT (derived_key) DO NOTHING";
            // INSERT IGNORE also turns truncation into a warning: StepStore checks every value's length first.
            case MYSQL, MARIADB -> "INSERT IGNORE INTO " + table + " (" + COLUMNS + ") " + STARTED_VALUES;
            case H2_POSTGRESQL_MODE -> "INSERT INTO " + table + " (" + COLUMNS + ") " + STARTED_VALUES
                    + " ON CONFLICT DO NOTHING";
            case H2 -> "MERGE INTO " + table + " USING (VALUES (?, ?, ?, ?, ?, ?, ?, ?)) AS s (derived_key, owner,"
                    + " step_name, lease_token, lease_until, not_before, created_at, updated_at) ON " + table
                    + ".derived_key = s.derived_key WHEN NOT MATCHED THEN INSERT (" + COLUMNS + ") VALUES"
                    + " (s.derived_key, s.owner, s.step_name, 'STARTED', 1, s.lease_token, s.lease_until,"
                    + " s.not_before, NULL, NULL, s.created_at, s.updated_at)";
        };
    }

    /** The step's row, without a lock. Parameter: derived_key. */
    String select() {
        return "SELECT " + COLUMNS + " FROM " + table + " WHERE derived_key = ?";
    }

    /**
     * Starts another attempt of a STARTED step that no attempt holds, if nothing changed since it was read.
     * Parameters: lease_token, lease_until, updated_at, derived_key, the attempts seen, now.
     */
    String takeLease() {
        return "UPDATE " + table + " SET attempts = attempts + 1, lease_token = ?, lease_until = ?, updated_at = ?"
                + " WHERE derived_key = ? AND state = 'STARTED' AND attempts = ?" + LEASE_FREE;
    }

    /**
     * Gives up a STARTED step that no attempt holds, if nothing changed since it was read. Parameters: last_error,
     * updated_at, derived_key, the attempts seen, now.
     */
    String giveUp() {
        return "UPDATE " + table + " SET state = 'INDETERMINATE', lease_token = NULL, lease_until = NULL,"
                + " last_error = ?, updated_at = ? WHERE derived_key = ? AND state = 'STARTED' AND attempts = ?"
                + LEASE_FREE;
    }

    /** Ends the held attempt with a final state. Parameters: state, outcome, updated_at, derived_key, lease_token. */
    String finish() {
        return "UPDATE " + table + " SET state = ?, outcome = ?, lease_token = NULL, lease_until = NULL,"
                + " updated_at = ?" + HELD;
    }

    /**
     * Ends the held attempt as failed for now. Parameters: not_before, last_error, updated_at, derived_key,
     * lease_token.
     */
    String retryLater() {
        return "UPDATE " + table + " SET lease_token = NULL, lease_until = NULL, not_before = ?, last_error = ?,"
                + " updated_at = ?" + HELD;
    }

    /** Ends the held attempt as INDETERMINATE. Parameters: last_error, updated_at, derived_key, lease_token. */
    String abandon() {
        return "UPDATE " + table + " SET state = 'INDETERMINATE', lease_token = NULL, lease_until = NULL,"
                + " last_error = ?, updated_at = ?" + HELD;
    }

    /** An operator's resolution of an INDETERMINATE step. Parameters: state, outcome, updated_at, derived_key. */
    String resolve() {
        return "UPDATE " + table + " SET state = ?, outcome = ?, updated_at = ?"
                + " WHERE derived_key = ? AND state = 'INDETERMINATE'";
    }

    /** The steps in one state, longest unchanged first. Parameters: state, row count. */
    String listInState() {
        return "SELECT " + COLUMNS + " FROM " + table + " WHERE state = ? ORDER BY updated_at, derived_key "
                + firstRows();
    }

    /**
     * Every step, those that need an operator first: INDETERMINATE, then STARTED, FAILED and SUCCEEDED, each longest
     * unchanged first. A scan of the table: an operator's query. Parameter: row count.
     */
    String listAll() {
        return "SELECT " + COLUMNS + " FROM " + table + " ORDER BY CASE state WHEN 'INDETERMINATE' THEN 0"
                + " WHEN 'STARTED' THEN 1 WHEN 'FAILED' THEN 2 ELSE 3 END, updated_at, derived_key " + firstRows();
    }

    /** How many steps are in each state (states without steps are absent). No parameters. */
    String countByState() {
        return "SELECT state, COUNT(*) FROM " + table + " GROUP BY state";
    }

    /** Deletes at most a batch of steps that ended before a time. Parameters: updated before (epoch ms), batch size. */
    String purgeFinished() {
        return switch (dialect) {
            // A TID scan of the rows found through the state index; SKIP LOCKED leaves a row being resolved alone.
            case POSTGRESQL -> "DELETE FROM " + table + " WHERE ctid = ANY (ARRAY(SELECT ctid FROM " + table
                    + " WHERE " + FINISHED + " AND updated_at <= ? LIMIT ? FOR UPDATE SKIP LOCKED))";
            case MYSQL, MARIADB -> "DELETE FROM " + table + " WHERE " + FINISHED + " AND updated_at <= ?"
                    + " ORDER BY updated_at LIMIT ?";
            case H2, H2_POSTGRESQL_MODE -> "DELETE FROM " + table + " WHERE " + FINISHED + " AND updated_at <= ?"
                    + " FETCH FIRST ? ROWS ONLY";
        };
    }

    private String firstRows() {
        return switch (dialect) {
            case POSTGRESQL, MYSQL, MARIADB -> "LIMIT ?";
            case H2, H2_POSTGRESQL_MODE -> "FETCH FIRST ? ROWS ONLY";
        };
    }
}
