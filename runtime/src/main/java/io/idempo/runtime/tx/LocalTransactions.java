package io.idempo.runtime.tx;

import io.idempo.runtime.spi.TransactionSupport;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Transactions demarcated by the application itself, with one resource (a JDBC connection, an entity manager)
 * bound to the thread for their length; the subclasses say how to begin, commit, roll back and close it.
 *
 * @param <R> the bound resource
 */
public abstract class LocalTransactions<R> implements TransactionSupport {

    private final ThreadLocal<LocalTransactionScope<R>> current = new ThreadLocal<>();

    /** Opens the resource and begins its transaction. */
    abstract R begin();

    /** Commits; returns false when the transaction could only be rolled back (marked rollback-only). */
    abstract boolean commit(R resource);

    abstract void rollback(R resource);

    abstract void close(R resource);

    /**
     * Runs {@code work} in a transaction: commits when it returns, or when it throws the stored outcome of an
     * idempotent call (see {@link #commitDespite}); rolls back when it throws anything else.
     */
    public <T> T inTransaction(Callable<T> work) throws Exception {
        Exception[] thrown = new Exception[1];
        boolean[] keep = new boolean[1];
        T result = inNewTransaction(() -> {
            try {
                return work.call();
            } catch (Exception e) {
                thrown[0] = e;
                keep[0] = current.get().isStoredOutcome(e);
                return null;
            }
        }, value -> thrown[0] == null || keep[0]);
        if (thrown[0] != null) {
            throw thrown[0];
        }
        return result;
    }

    /** The resource of the thread's transaction. */
    R currentResource() {
        LocalTransactionScope<R> scope = current.get();
        if (scope == null) {
            throw new IllegalStateException("No transaction on this thread: run the work inside "
                    + getClass().getSimpleName() + ".inTransaction(...)");
        }
        return scope.resource();
    }

    @Override
    public boolean isActive() {
        return current.get() != null;
    }

    @Override
    public void afterCompletion(Consumer<Boolean> callback) {
        LocalTransactionScope<R> scope = current.get();
        if (scope == null) {
            throw new IllegalStateException("No transaction on this thread to wait for");
        }
        scope.afterCompletion(callback);
    }

    @Override
    public void commitDespite(Throwable storedOutcome) {
        LocalTransactionScope<R> scope = current.get();
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
        R resource = begin();
        LocalTransactionScope<R> scope = new LocalTransactionScope<>(resource);
        boolean committed = false;
        current.set(scope);
        try {
            T result;
            try {
                result = body.get();
            } catch (RuntimeException | Error e) {
                rollbackAfter(resource, e);
                throw e;
            }
            if (commit.test(result)) {
                committed = commit(resource);
            } else {
                rollback(resource);
            }
            return result;
        } finally {
            current.remove();
            close(resource);
            scope.completed(committed);
        }
    }

    /** Rolls back after the work failed; a rollback failure is attached to the work's exception, never hides it. */
    private void rollbackAfter(R resource, Throwable failure) {
        try {
            rollback(resource);
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }
}
