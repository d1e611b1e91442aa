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

    LocalTransactionScope(R resource) {
        this.resource = resource;
    }

    R resource() {
        return resource;
    }

    void afterCompletion(Consumer<Boolean> callback) {
        callbacks.add(callback);
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

    /** {@link TransactionSupport#inNewTransaction} for user code: commits when it returns, rolls back when it throws. */
    static <T> T callInNewTransaction(TransactionSupport transactions, Callable<T> work) throws Exception {
        Exception[] thrown = new Exception[1];
        T result = transactions.inNewTransaction(() -> {
            try {
                return work.call();
            } catch (Exception e) {
                thrown[0] = e;
                return null;
            }
        }, value -> thrown[0] == null);
        if (thrown[0] != null) {
            throw thrown[0];
        }
        return result;
    }
}
