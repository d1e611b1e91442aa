package io.idempo.runtime.step;

import java.time.Instant;

/**
 * The step has not ended and was not called now: run it again (the same owner, the same step) at or after
 * {@link #retryAt()}. A worker reschedules its event for then; nothing is lost, the step's state is in its table.
 */
public abstract class StepPendingException extends ExternalStepException {

    private static final long serialVersionUID = 1L;

    private final Instant retryAt;

    protected StepPendingException(StepKey step, String derivedKey, Instant retryAt, String message,
                                   Throwable cause) {
        super(step, derivedKey, message, cause);
        this.retryAt = retryAt;
    }

    /** When a new run may start an attempt. */
    public Instant retryAt() {
        return retryAt;
    }
}
