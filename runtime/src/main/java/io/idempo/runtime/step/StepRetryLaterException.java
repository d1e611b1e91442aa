package io.idempo.runtime.step;

import java.time.Instant;

/**
 * The step will be retried with the same key: this run's attempt failed with an exception that is not a permanent
 * failure (a timeout, a refused connection, a 5xx; it is the cause), or an earlier attempt did and its backoff has
 * not passed (no cause: nothing was called). Retry at {@link #retryAt()}.
 */
public final class StepRetryLaterException extends StepPendingException {

    private static final long serialVersionUID = 1L;

    private final int attempts;

    public StepRetryLaterException(StepKey step, String derivedKey, Instant retryAt, int attempts, String message,
                                   Throwable cause) {
        super(step, derivedKey, retryAt, message, cause);
        this.attempts = attempts;
    }

    /** How many attempts have been made so far. */
    public int attempts() {
        return attempts;
    }
}
