package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Bounds lock waits through a session variable: reads the caller's value, sets ours, runs the claim, and puts the
 * caller's value back whether the claim succeeded or not. Both databases that need this keep the transaction
 * usable after a lock timeout (only the statement is undone), and a pooled connection must not keep our setting.
 */
final class SessionLockWait implements LockWaitBound {

    private final String readCurrent;
    private final String assign;
    private final long value;

    private SessionLockWait(String readCurrent, String assign, long value) {
        this.readCurrent = readCurrent;
        this.assign = assign;
        this.value = value;
    }

    /** H2: {@code SET LOCK_TIMEOUT} (milliseconds) changes the session without committing its transaction. */
    static SessionLockWait h2(Duration wait) {
        return new SessionLockWait("SELECT LOCK_TIMEOUT()", "SET LOCK_TIMEOUT ", wait.toMillis());
    }

    /**
     * MySQL 8 has no per-statement form: it lacks MariaDB's {@code SET STATEMENT}, and its {@code SET_VAR} hint does
     * not accept InnoDB variables. {@code innodb_lock_wait_timeout} counts whole seconds with a minimum of 1, so the
     * wait is rounded down and is at least 1 s.
     */
    static SessionLockWait mysql(Duration wait) {
        return new SessionLockWait("SELECT @@SESSION.innodb_lock_wait_timeout",
                "SET SESSION innodb_lock_wait_timeout = ", Math.max(1, wait.toSeconds()));
    }

    @Override
    public <T> T around(SqlExecutor sql, BoundedWork<T> work) throws SQLException {
        long previous = (Long) sql.query(readCurrent).get(0)[0];
        sql.update(assign + value);
        T result;
        try {
            result = work.run(sql);
        } catch (SQLException | RuntimeException failure) {
            try {
                sql.update(assign + previous);
            } catch (SQLException | RuntimeException restoreFailure) {
                // The connection may be gone; the claim's own failure is the one to report.
                failure.addSuppressed(restoreFailure);
            }
            throw failure;
        }
        sql.update(assign + previous);
        return result;
    }
}
