package io.idempo.runtime;

/** The key does not match the key policy (by default {@code [A-Za-z0-9_.:-]}, 8 to 255 characters). */
public final class IdempotencyKeyInvalidException extends IdempotencyException {

    private static final long serialVersionUID = 1L;

    public IdempotencyKeyInvalidException(String action, String key, String message) {
        super(action, key, message, null);
    }
}
