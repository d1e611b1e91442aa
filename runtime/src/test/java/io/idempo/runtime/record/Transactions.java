package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.Connection;

/** Runs test steps in a transaction of their own, on a connection of their own. */
final class Transactions {

    @FunctionalInterface
    interface Work<T> {
        T run(SqlExecutor sql, Connection connection) throws Exception;
    }

    private Transactions() {
    }

    /** Commits if the work returns, rolls back if it throws. */
    static <T> T inTransaction(DatabaseUnderTest database, Work<T> work) throws Exception {
        try (Connection connection = database.open()) {
            try {
                T result = work.run(new JdbcSqlExecutor(connection), connection);
                connection.commit();
                return result;
            } catch (Exception | Error e) {
                connection.rollback();
                throw e;
            }
        }
    }
}
