package io.idempo.runtime;

/** The call has no idempotency key: no header, a null key parameter, or a key template with a null value. */
public final class IdempotencyKeyMissingException extends IdempotencyException {

    private static final long serialVersionUID = 1L;

    public IdempotencyKeyMissingException(String action, String message) {
        super(action, null, message, null);
    }
}
