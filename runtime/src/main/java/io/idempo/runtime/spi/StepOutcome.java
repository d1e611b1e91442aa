package io.idempo.runtime.spi;

import java.util.Locale;

/**
 * How one run of an external step ended (see docs/external-calls.md). The label is what the outcome line and the
 * metrics attribute {@code idempotency.outcome} say.
 */
public enum StepOutcome {
    /** The provider was called and answered: its result is now the step's stored outcome (SUCCEEDED). */
    FIRST,
    /** The step had ended (SUCCEEDED or FAILED): its stored outcome was returned or rethrown without calling. */
    REPLAYED,
    /** The resolver said the provider had already done the step: its answer is now the stored outcome. */
    RESOLVED,
    /** The call failed with a permanent failure: stored as the step's outcome (FAILED), replayed from now on. */
    FAILED,
    /** The call failed otherwise (timeout, connection, 5xx): the step is retried with the same key after a delay. */
    RETRY,
    /** An earlier attempt failed and its delay has not passed: not called, the caller retries later. */
    BACKING_OFF,
    /** Another worker's attempt holds the step: not called, the caller retries later. */
    BUSY,
    /** The budget is spent or the outcome cannot be found out: never called again, an operator resolves it. */
    INDETERMINATE;

    /** {@code first}, {@code replayed}, {@code backing_off}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
