package io.idempo.runtime.tx;

import io.idempo.runtime.record.JpaSqlExecutor;
import io.idempo.runtime.record.SqlExecutor;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Resource-local JPA transactions for applications without a container: one entity manager bound to the thread
 * for the length of {@link #inTransaction}. Business code uses {@link #currentEntityManager()}, so its writes and
 * the idempotency record share the transaction.
 */
public final class JpaTransactions implements TransactionSupport {

    private final EntityManagerFactory factory;
    private final String table;
    private final ThreadLocal<LocalTransactionScope<EntityManager>> current = new ThreadLocal<>();

    /** @param table the record table, so that the provider flushes pending entity writes that touch it first */
    public JpaTransactions(EntityManagerFactory factory, String table) {
        this.factory = factory;
        this.table = table;
    }

    /** Runs {@code work} in a transaction: commits when it returns, rolls back when it throws. */
    public <T> T inTransaction(Callable<T> work) throws Exception {
        return LocalTransactionScope.callInNewTransaction(this, current, work);
    }

    /** The entity manager of the thread's transaction. */
    public EntityManager currentEntityManager() {
        LocalTransactionScope<EntityManager> scope = current.get();
        if (scope == null) {
            throw new IllegalStateException("No transaction on this thread: run the work inside "
                    + "JpaTransactions.inTransaction(...)");
        }
        return scope.resource();
    }

    @Override
    public boolean isActive() {
        return current.get() != null;
    }

    @Override
    public SqlExecutor executor() {
        return new JpaSqlExecutor(currentEntityManager(), table);
    }

    @Override
    public void afterCompletion(Consumer<Boolean> callback) {
        LocalTransactionScope<EntityManager> scope = current.get();
        if (scope == null) {
            throw new IllegalStateException("No transaction on this thread to wait for");
        }
        scope.afterCompletion(callback);
    }

    @Override
    public void commitDespite(Throwable storedOutcome) {
        LocalTransactionScope<EntityManager> scope = current.get();
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
        EntityManager entityManager = factory.createEntityManager();
        LocalTransactionScope<EntityManager> scope = new LocalTransactionScope<>(entityManager);
        boolean committed = false;
        current.set(scope);
        try {
            EntityTransaction transaction = entityManager.getTransaction();
            transaction.begin();
            T result;
            try {
                result = body.get();
            } catch (RuntimeException | Error e) {
                rollbackQuietly(transaction);
                throw e;
            }
            if (commit.test(result) && !transaction.getRollbackOnly()) {
                transaction.commit();
                committed = true;
            } else {
                rollbackQuietly(transaction);
            }
            return result;
        } catch (jakarta.persistence.PersistenceException e) {
            throw new TransactionFailedException("The JPA transaction could not be completed; its outcome is "
                    + "unknown, and a retry with the same key will find out from the record", e);
        } finally {
            current.remove();
            entityManager.close();
            scope.completed(committed);
        }
    }

    private static void rollbackQuietly(EntityTransaction transaction) {
        if (transaction.isActive()) {
            transaction.rollback();
        }
    }
}
