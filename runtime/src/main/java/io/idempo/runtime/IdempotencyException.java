package io.idempo.runtime;

/**
 * Base of every failure the idempotency layer reports to callers. Adapters map each subtype to one HTTP answer
 * (see the Jakarta adapter's problem+json mapping); plain Java callers catch the subtype they can handle.
 */
public abstract class IdempotencyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String action;
    private final String key;

    protected IdempotencyException(String action, String key, String message, Throwable cause) {
        super(message, cause);
        this.action = action;
        this.key = key;
    }

    /** The business action of the call. */
    public String action() {
        return action;
    }

    /** The client key as received (possibly null or invalid); never logged with values of the request. */
    public String key() {
        return key;
    }
}
