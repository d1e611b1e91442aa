package io.idempo.runtime.step;

/**
 * Base of what a run of an external step reports when the step did not end with an answer of the provider's: it is
 * pending (busy, or waiting for its retry: {@link StepPendingException}), INDETERMINATE
 * ({@link StepIndeterminateException}), or failed by an operator ({@link StepFailedException}). The step's own
 * permanent failures are thrown as themselves, never wrapped.
 */
public abstract class ExternalStepException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient StepKey step;
    private final String derivedKey;

    protected ExternalStepException(StepKey step, String derivedKey, String message, Throwable cause) {
        super(message, cause);
        this.step = step;
        this.derivedKey = derivedKey;
    }

    /** The step: its owner and name. */
    public StepKey step() {
        return step;
    }

    /** The step's derived key, as the provider and the step table know it. */
    public String derivedKey() {
        return derivedKey;
    }
}
