package io.idempo.runtime.tx;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The bookkeeping shared by the plain-Java transaction models: the resource bound to the thread, the callbacks
 * to run when its transaction ends, and running them (each isolated, so one failing callback cannot skip another).
 *
 * @param <R> the bound resource: a JDBC connection or an entity manager
 */
final class LocalTransactionScope<R> {

    private static final System.Logger LOG = System.getLogger(LocalTransactionScope.class.getName());

    private final R resource;
    private final List<Consumer<Boolean>> callbacks = new ArrayList<>();
    private Throwable storedOutcome;

    LocalTransactionScope(R resource) {
        this.resource = resource;
    }

    R resource() {
        return resource;
    }

    void afterCompletion(Consumer<Boolean> callback) {
        callbacks.add(callback);
    }

    void commitDespite(Throwable outcome) {
        storedOutcome = outcome;
    }

    /** Whether the work's exception is the stored outcome of an idempotent call, which commits. */
    boolean isStoredOutcome(Throwable thrown) {
        return thrown != null && thrown == storedOutcome;
    }

    void completed(boolean committed) {
        for (Consumer<Boolean> callback : callbacks) {
            try {
                callback.accept(committed);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "An after-completion callback failed; the transaction outcome "
                        + "stands", e);
            }
        }
    }

    /**
     * {@link TransactionSupport#inNewTransaction} for user code: commits when the work returns, or throws the
     * stored outcome of an idempotent call; rolls back when it throws anything else.
     */
    static <T, R> T callInNewTransaction(TransactionSupport transactions,
                                         ThreadLocal<LocalTransactionScope<R>> current, Callable<T> work) throws Exception {
        Exception[] thrown = new Exception[1];
        boolean[] keep = new boolean[1];
        T result = transactions.inNewTransaction(() -> {
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
}
