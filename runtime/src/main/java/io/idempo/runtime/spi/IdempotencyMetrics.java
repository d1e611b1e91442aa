package io.idempo.runtime.spi;

/**
 * Where the engine reports what it did, for counters and histograms. Implementations must be cheap and must not
 * throw: they run on every call. Attributes never carry a key, a scope or any request value, only the action (a
 * fixed name from the code) and the outcome.
 */
public interface IdempotencyMetrics {

    /** One call ended: its action, how it ended, and how long the engine spent on it, from entry to answer. */
    void callEnded(String action, CallOutcome outcome, long nanos);

    /** The record store failed an operation: the database was unreachable or refused a statement. */
    void recordStoreFailed();

    /** Called once, when the engine is built: the claim store's health, to be observed (failures, circuit). */
    void observe(ClaimStoreHealth claimStore);

    /**
     * The stuck records (IN_PROGRESS past their lease, not expired) counted just now by a purge run
     * ({@code RecordAdministration}); they answer "in progress" to their keys until they expire.
     */
    void stuckRecordsCounted(long count);

    /**
     * One run of an external step ended: its step name (a fixed name from the code, like an action), how it ended,
     * and how long it took, the provider's call included. Reports nothing unless implemented.
     */
    default void stepEnded(String step, StepOutcome outcome, long nanos) {
    }

    /**
     * The INDETERMINATE steps counted just now ({@code StepAdministration}): each waits for an operator. Reports
     * nothing unless implemented.
     */
    default void indeterminateStepsCounted(long count) {
    }

    /** Reports nothing: the default when no metrics are configured. */
    IdempotencyMetrics NONE = new IdempotencyMetrics() {
        @Override
        public void callEnded(String action, CallOutcome outcome, long nanos) {
        }

        @Override
        public void recordStoreFailed() {
        }

        @Override
        public void observe(ClaimStoreHealth claimStore) {
        }

        @Override
        public void stuckRecordsCounted(long count) {
        }
    };
}
