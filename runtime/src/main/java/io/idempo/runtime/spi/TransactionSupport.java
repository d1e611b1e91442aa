package io.idempo.runtime.spi;

import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * How the engine reaches the caller's transaction: whether one is active, the executor that runs the record's
 * statements in it, and a callback when it ends. One implementation per transaction model: JTA in a container,
 * {@link io.idempo.runtime.tx.JdbcTransactions} and {@link io.idempo.runtime.tx.JpaTransactions} in plain Java.
 */
public interface TransactionSupport {

    /** Whether the calling thread runs in a transaction that the record can join. */
    boolean isActive();

    /** Runs the record's SQL in the active transaction. */
    SqlExecutor executor();

    /**
     * Calls {@code callback} once the active transaction has ended: with {@code true} if it committed, {@code false}
     * if it rolled back or its commit failed (a failed commit may still have committed; the record decides then).
     */
    void afterCompletion(Consumer<Boolean> callback);

    /**
     * Tells the active transaction that {@code storedOutcome}, about to be thrown, is a final outcome the record
     * stores: a transaction this support demarcates then commits when the call ends with exactly that exception.
     * Container transactions (JTA) decide by their own rules: declare the type in
     * {@code @Transactional(dontRollbackOn = ...)} or as an application exception that does not roll back.
     */
    default void commitDespite(Throwable storedOutcome) {
    }

    /**
     * Runs {@code body} in a new transaction, for calls that arrive with none (REQUIRED semantics). Commits when
     * {@code commit} accepts the body's outcome, rolls back otherwise (and when the body throws).
     */
    <T> T inNewTransaction(Supplier<T> body, Predicate<T> commit);
}
