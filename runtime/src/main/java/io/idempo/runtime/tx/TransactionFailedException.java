package io.idempo.runtime.tx;

/** Beginning, committing or rolling back a transaction that the idempotency layer started failed. */
public final class TransactionFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TransactionFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
