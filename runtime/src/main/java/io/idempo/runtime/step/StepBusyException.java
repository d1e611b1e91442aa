package io.idempo.runtime.step;

import java.time.Instant;

/**
 * Another worker's attempt holds the step right now (its lease is live), or another transaction was writing the
 * step's row: this run did not call, so that two calls of one step never run at once. Retry at {@link #retryAt()},
 * when that lease runs out at the latest; by then the other attempt has usually ended, and the retry returns its
 * outcome.
 */
public final class StepBusyException extends StepPendingException {

    private static final long serialVersionUID = 1L;

    public StepBusyException(StepKey step, String derivedKey, Instant retryAt, String message, Throwable cause) {
        super(step, derivedKey, retryAt, message, cause);
    }
}
