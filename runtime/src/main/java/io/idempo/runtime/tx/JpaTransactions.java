package io.idempo.runtime.tx;

import io.idempo.runtime.record.JpaSqlExecutor;
import io.idempo.runtime.spi.SqlExecutor;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import jakarta.persistence.PersistenceException;

/**
 * Resource-local JPA transactions for applications without a container: one entity manager bound to the thread
 * for the length of {@link #inTransaction}. Business code uses {@link #currentEntityManager()}, so its writes and
 * the idempotency record share the transaction.
 */
public final class JpaTransactions extends LocalTransactions<EntityManager> {

    private final EntityManagerFactory factory;

    public JpaTransactions(EntityManagerFactory factory) {
        this.factory = factory;
    }

    /** The entity manager of the thread's transaction. */
    public EntityManager currentEntityManager() {
        return currentResource();
    }

    @Override
    public SqlExecutor executor() {
        return new JpaSqlExecutor(currentEntityManager());
    }

    @Override
    EntityManager begin() {
        EntityManager entityManager = factory.createEntityManager();
        entityManager.getTransaction().begin();
        return entityManager;
    }

    @Override
    boolean commit(EntityManager entityManager) {
        EntityTransaction transaction = entityManager.getTransaction();
        if (transaction.getRollbackOnly()) {
            transaction.rollback();
            return false;
        }
        try {
            transaction.commit();
            return true;
        } catch (PersistenceException e) {
            throw new TransactionFailedException("The JPA transaction could not be committed; its outcome is "
                    + "unknown, and a retry with the same key will find out from the record", e);
        }
    }

    @Override
    void rollback(EntityManager entityManager) {
        EntityTransaction transaction = entityManager.getTransaction();
        if (transaction.isActive()) {
            transaction.rollback();
        }
    }

    @Override
    void close(EntityManager entityManager) {
        entityManager.close();
    }
}
