package io.idempo.runtime;

/**
 * What a call ended with inside its transaction: a value to return or an exception to rethrow, and whether the
 * transaction should commit (a returned value or a stored exception) or roll back.
 */
record Outcome(Object value, Throwable thrown, boolean commit) {

    static Outcome returned(Object value) {
        return new Outcome(value, null, true);
    }

    static Outcome thrown(Throwable thrown, boolean commit) {
        return new Outcome(null, thrown, commit);
    }

    Object unwrap() throws Throwable {
        if (thrown != null) {
            throw thrown;
        }
        return value;
    }
}
