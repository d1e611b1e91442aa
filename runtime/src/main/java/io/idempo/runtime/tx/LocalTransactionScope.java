package io.idempo.runtime.tx;

import java.util.ArrayList;
import java.util.List;
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
}
