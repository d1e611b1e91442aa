package io.idempo.runtime;

/**
 * What a call ended with inside its transaction: a value to return or an exception to rethrow, and whether a
 * transaction the engine began commits (a returned value or a stored exception) or rolls back.
 */
record TransactionOutcome(Object value, Throwable thrown, boolean commit) {

    static TransactionOutcome returned(Object value) {
        return new TransactionOutcome(value, null, true);
    }

    /** A final outcome stored with the record: the transaction commits, and the exception reaches the caller. */
    static TransactionOutcome commitWith(Throwable thrown) {
        return new TransactionOutcome(null, thrown, true);
    }

    /** Nothing of the call may stand: the transaction rolls back, and the exception reaches the caller. */
    static TransactionOutcome rollbackWith(Throwable thrown) {
        return new TransactionOutcome(null, thrown, false);
    }

    Object unwrap() throws Throwable {
        if (thrown != null) {
            throw thrown;
        }
        return value;
    }
}
