package io.idempo.runtime.tx;

import io.idempo.runtime.record.JdbcSqlExecutor;
import io.idempo.runtime.record.SqlExecutor;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
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
public final class JdbcTransactions implements TransactionSupport {

    private final DataSource dataSource;
    private final ThreadLocal<LocalTransactionScope<Connection>> current = new ThreadLocal<>();

    public JdbcTransactions(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Runs {@code work} in a transaction: commits when it returns, rolls back when it throws. */
    public <T> T inTransaction(Callable<T> work) throws Exception {
        return LocalTransactionScope.callInNewTransaction(this, current, work);
    }

    /** The connection of the thread's transaction. */
    public Connection currentConnection() {
        LocalTransactionScope<Connection> scope = current.get();
        if (scope == null) {
            throw new IllegalStateException("No transaction on this thread: run the work inside "
                    + "JdbcTransactions.inTransaction(...)");
        }
        return scope.resource();
    }

    @Override
    public boolean isActive() {
        return current.get() != null;
    }

    @Override
    public SqlExecutor executor() {
        return new JdbcSqlExecutor(currentConnection());
    }

    @Override
    public void afterCompletion(Consumer<Boolean> callback) {
        LocalTransactionScope<Connection> scope = current.get();
        if (scope == null) {
            throw new IllegalStateException("No transaction on this thread to wait for");
        }
        scope.afterCompletion(callback);
    }

    @Override
    public void commitDespite(Throwable storedOutcome) {
        LocalTransactionScope<Connection> scope = current.get();
        if (scope != null) {
            scope.commitDespite(storedOutcome);
        }
    }

    @Override
    public <T> T inNewTransaction(Supplier<T> body, Predicate<T> commit) {
        if (current.get() != null) {
            throw new IllegalStateException("A transaction is already active on this thread; nested transactions "
                    + "are not supported");
        }
        boolean committed = false;
        LocalTransactionScope<Connection> scope;
        try {
            Connection connection = dataSource.getConnection();
            connection.setAutoCommit(false);
            scope = new LocalTransactionScope<>(connection);
        } catch (SQLException e) {
            throw new TransactionFailedException("Cannot begin a JDBC transaction: check the DataSource", e);
        }
        current.set(scope);
        try (Connection connection = scope.resource()) {
            T result;
            try {
                result = body.get();
            } catch (RuntimeException | Error e) {
                connection.rollback();
                throw e;
            }
            if (commit.test(result)) {
                connection.commit();
                committed = true;
            } else {
                connection.rollback();
            }
            return result;
        } catch (SQLException e) {
            throw new TransactionFailedException("The JDBC transaction could not be completed; its outcome is "
                    + "unknown, and a retry with the same key will find out from the record", e);
        } finally {
            current.remove();
            scope.completed(committed);
        }
    }
}
