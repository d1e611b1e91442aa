package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;

/**
 * Bounds how long the statements of a claim wait for another transaction's lock on the same key, then leaves
 * the session's own setting as it was. Without a bound a burst of same-key duplicates waits on the first
 * transaction (MySQL's default is 50 s), each holding a pooled connection, until unrelated requests find the
 * pool empty. With it they fail fast with a lock timeout, reported as {@link RecordBusyException}.
 */
interface LockWaitBound {

    /** Runs the work with its statements' lock waits bounded. */
    <T> T around(SqlExecutor sql, BoundedWork<T> work) throws SQLException;

    /** Statements that take row locks on the key: run them through the executor given here. */
    @FunctionalInterface
    interface BoundedWork<T> {
        T run(SqlExecutor bounded) throws SQLException;
    }
}
