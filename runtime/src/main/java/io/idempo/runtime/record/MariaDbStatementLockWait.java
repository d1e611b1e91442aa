package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * MariaDB bounds each lock-taking statement on its own, so nothing needs putting back afterwards: writes run as
 * {@code SET STATEMENT innodb_lock_wait_timeout = N FOR <statement>}, and the locking read ends in
 * {@code WAIT N}. The read cannot use SET STATEMENT: mysql-connector-j refuses to run a statement that starts with
 * SET as a query ("cannot issue statements that do not produce result sets"), and JPA providers run native
 * queries exactly that way. Both count whole seconds; the wait is rounded down, and 0 (any wait under a second)
 * means "fail at once if the key is locked".
 */
final class MariaDbStatementLockWait implements LockWaitBound {

    private final long seconds;

    MariaDbStatementLockWait(Duration wait) {
        this.seconds = wait.toSeconds();
    }

    @Override
    public <T> T around(SqlExecutor sql, BoundedWork<T> work) throws SQLException {
        return work.run(new SqlExecutor() {
            @Override
            public int update(String statement, Object... parameters) throws SQLException {
                return sql.update("SET STATEMENT innodb_lock_wait_timeout = " + seconds + " FOR " + statement,
                        parameters);
            }

            /** A claim's only query is its locking read, which takes a WAIT clause at its very end. */
            @Override
            public List<Object[]> query(String statement, Object... parameters) throws SQLException {
                return sql.query(statement + " WAIT " + seconds, parameters);
            }
        });
    }
}
