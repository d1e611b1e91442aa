package io.idempo.runtime;

/** An idempotent call arrived outside a transaction while the engine is configured to refuse that. */
public final class NoTransactionException extends IdempotencyException {

    private static final long serialVersionUID = 1L;

    public NoTransactionException(String action, String key) {
        super(action, key, "Idempotent action " + action + " was called outside a transaction; call it from a "
                + "@Transactional method, or configure the engine with NoTransactionPolicy.BEGIN", null);
    }
}
