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

    /**
     * For a database whose claims never wait (PostgreSQL's claim takes an advisory lock without blocking): the
     * work runs as it is, with no statement around it.
     */
    LockWaitBound NOT_NEEDED = new LockWaitBound() {
        @Override
        public <T> T around(SqlExecutor sql, BoundedWork<T> work) throws SQLException {
            return work.run(sql);
        }
    };

    /** Runs the work with its statements' lock waits bounded. */
    <T> T around(SqlExecutor sql, BoundedWork<T> work) throws SQLException;

    /** Statements that take row locks on the key: run them through the executor given here. */
    @FunctionalInterface
    interface BoundedWork<T> {
        T run(SqlExecutor bounded) throws SQLException;
    }
}
