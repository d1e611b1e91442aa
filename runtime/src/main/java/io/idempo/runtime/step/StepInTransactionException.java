package io.idempo.runtime.step;

/**
 * An external step was run while a transaction was active on the thread: refused before anything is written or
 * called. A step writes its state in short transactions of its own and calls the provider between them, so that no
 * connection or row lock waits for the provider, and a rollback cannot undo the record of a charge that happened.
 * Run it after the business transaction has committed (from the worker of an outbox event, or from a method without
 * a transaction).
 */
public final class StepInTransactionException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public StepInTransactionException(String message) {
        super(message);
    }
}
