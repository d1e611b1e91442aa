package io.idempo.runtime.tx;

import io.idempo.runtime.record.JdbcSqlExecutor;
import io.idempo.runtime.spi.SqlExecutor;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Plain-JDBC transactions for applications without a container: one connection bound to the thread for the
 * length of {@link #inTransaction}. Business code reads it through {@link #currentConnection()}, so the business
 * write and the idempotency record share the transaction and commit or roll back together.
 *
 * <pre>{@code
 * JdbcTransactions transactions = new JdbcTransactions(dataSource);
 * Order order = transactions.inTransaction(() -> orders.place(request));   // place() is @Idempotent
 * }</pre>
 */
public final class JdbcTransactions extends LocalTransactions<Connection> {

    private final DataSource dataSource;

    public JdbcTransactions(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The connection of the thread's transaction. */
    public Connection currentConnection() {
        return currentResource();
    }

    @Override
    public SqlExecutor executor() {
        return new JdbcSqlExecutor(currentConnection());
    }

    @Override
    Connection begin() {
        try {
            Connection connection = dataSource.getConnection();
            connection.setAutoCommit(false);
            return connection;
        } catch (SQLException e) {
            throw new TransactionFailedException("Cannot begin a JDBC transaction: check the DataSource", e);
        }
    }

    @Override
    boolean commit(Connection connection) {
        try {
            connection.commit();
            return true;
        } catch (SQLException e) {
            throw new TransactionFailedException("The JDBC transaction could not be committed; its outcome is "
                    + "unknown, and a retry with the same key will find out from the record", e);
        }
    }

    @Override
    void rollback(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            throw new TransactionFailedException("The JDBC transaction could not be rolled back", e);
        }
    }

    @Override
    void close(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new TransactionFailedException("The JDBC connection could not be closed", e);
        }
    }
}
