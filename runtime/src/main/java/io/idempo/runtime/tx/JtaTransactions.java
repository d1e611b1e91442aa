package io.idempo.runtime.tx;

import io.idempo.runtime.record.JpaSqlExecutor;
import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.TransactionSupport;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.UserTransaction;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Container transactions (JTA): the record joins the caller's transaction through a container-managed
 * {@link EntityManager}, and after-completion work is registered as an interposed synchronization, so that it runs
 * after the resources committed. Calls that arrive without a transaction get one through {@link UserTransaction}.
 *
 * <p>Whether a stored exception commits is the container's decision ({@code @Transactional(dontRollbackOn = ...)},
 * or an application exception that does not roll back); {@link #commitDespite} does nothing here.
 */
public final class JtaTransactions implements TransactionSupport {

    private final TransactionSynchronizationRegistry registry;
    private final Supplier<UserTransaction> userTransaction;
    private final EntityManager entityManager;

    /**
     * @param entityManager   a container-managed (JTA) entity manager: it joins whichever transaction is active
     * @param userTransaction looked up when a call arrives without a transaction ({@code java:comp/UserTransaction})
     */
    public JtaTransactions(TransactionSynchronizationRegistry registry, Supplier<UserTransaction> userTransaction,
                           EntityManager entityManager) {
        this.registry = registry;
        this.userTransaction = userTransaction;
        this.entityManager = entityManager;
    }

    @Override
    public boolean isActive() {
        return registry.getTransactionStatus() != Status.STATUS_NO_TRANSACTION;
    }

    @Override
    public SqlExecutor executor() {
        return new JpaSqlExecutor(entityManager);
    }

    @Override
    public void afterCompletion(Consumer<Boolean> callback) {
        registry.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                callback.accept(status == Status.STATUS_COMMITTED);
            }
        });
    }

    @Override
    public <T> T inNewTransaction(Supplier<T> body, Predicate<T> commit) {
        UserTransaction transaction = userTransaction.get();
        try {
            transaction.begin();
        } catch (Exception e) {
            throw new TransactionFailedException("Cannot begin a JTA transaction for an idempotent call that arrived "
                    + "without one; call it from a @Transactional method", e);
        }
        T result;
        try {
            result = body.get();
        } catch (RuntimeException | Error e) {
            rollbackQuietly(transaction, e);
            throw e;
        }
        try {
            if (commit.test(result) && transaction.getStatus() == Status.STATUS_ACTIVE) {
                transaction.commit();
            } else {
                transaction.rollback();
            }
        } catch (Exception e) {
            throw new TransactionFailedException("The JTA transaction could not be completed; its outcome is unknown, "
                    + "and a retry with the same key will find out from the record", e);
        }
        return result;
    }

    private static void rollbackQuietly(UserTransaction transaction, Throwable cause) {
        try {
            if (transaction.getStatus() != Status.STATUS_NO_TRANSACTION) {
                transaction.rollback();
            }
        } catch (SystemException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
