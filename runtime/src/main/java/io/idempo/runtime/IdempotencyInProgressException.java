package io.idempo.runtime;

import java.time.Duration;

/**
 * A call with the same key is still running (or the database asked this one to retry after a lock conflict).
 * Not a failure of the request: the client should retry the same request with the same key after
 * {@link #retryAfter()}, and will then get the first call's result.
 */
public final class IdempotencyInProgressException extends IdempotencyException {

    private static final long serialVersionUID = 1L;

    private final Duration retryAfter;

    public IdempotencyInProgressException(String action, String key, Duration retryAfter, String message,
                                          Throwable cause) {
        super(action, key, message, cause);
        this.retryAfter = retryAfter;
    }

    /** A hint for the client's next attempt; never zero. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
