package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;
import java.time.Duration;

/**
 * PostgreSQL: {@code lock_timeout} for the rest of the transaction ({@code set_config(..., true)} is
 * {@code SET LOCAL}, which also works inside a JTA transaction), put back to the caller's value once the claim
 * is done so that the business statements that follow wait as long as they always did.
 */
final class PostgresLockTimeout implements LockWaitBound {

    /**
     * Reads the current value and sets the new one in one round trip. OFFSET 0 keeps the planner from merging the
     * subquery into the outer query, so current_setting is evaluated before set_config changes it.
     */
    private static final String SAVE_AND_SET = "SELECT saved.previous, set_config('lock_timeout', ?, true)"
            + " FROM (SELECT current_setting('lock_timeout') AS previous OFFSET 0) AS saved";
    private static final String RESTORE = "SELECT set_config('lock_timeout', ?, true)";

    private final String timeout;

    PostgresLockTimeout(Duration wait) {
        // 0 would mean "wait forever" to PostgreSQL; the shortest real bound is 1 ms.
        this.timeout = Math.max(1, wait.toMillis()) + "ms";
    }

    /**
     * A failed statement aborts a PostgreSQL transaction, which then ignores everything until it ends, and the
     * setting ends with it: so the value is put back after success, or after a failure that was not the database's.
     */
    @Override
    public <T> T around(SqlExecutor sql, BoundedWork<T> work) throws SQLException {
        String previous = (String) sql.query(SAVE_AND_SET, timeout).get(0)[0];
        T result;
        try {
            result = work.run(sql);
        } catch (RuntimeException failure) {
            try {
                sql.query(RESTORE, previous);
            } catch (SQLException | RuntimeException restoreFailure) {
                failure.addSuppressed(restoreFailure);
            }
            throw failure;
        }
        sql.query(RESTORE, previous);
        return result;
    }
}
