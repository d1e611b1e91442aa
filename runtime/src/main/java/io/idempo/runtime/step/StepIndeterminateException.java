package io.idempo.runtime.step;

/**
 * The step is INDETERMINATE: its budget of attempts or its retry window is spent, or the provider does not honour
 * idempotency keys and nothing could tell whether an earlier attempt was done. It is never called again by itself:
 * an operator finds out at the provider and resolves it ({@code StepAdministration}), after which a run returns the
 * resolution. The cause, if any, is this run's failure.
 */
public final class StepIndeterminateException extends ExternalStepException {

    private static final long serialVersionUID = 1L;

    public StepIndeterminateException(StepKey step, String derivedKey, String message, Throwable cause) {
        super(step, derivedKey, message, cause);
    }
}
