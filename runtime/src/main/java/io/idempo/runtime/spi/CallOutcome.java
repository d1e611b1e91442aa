package io.idempo.runtime.spi;

import java.util.Locale;

/**
 * How one idempotent call ended; each is handled differently in production (see docs/operations.md). The label is
 * what the outcome log line and the metrics attribute {@code idempotency.outcome} say.
 */
public enum CallOutcome {
    /** The method ran, and its result (or stored exception) is now the key's final outcome. */
    FIRST,
    /** A duplicate: answered with the first call's outcome, the method did not run. */
    REPLAYED,
    /** A duplicate of a call that is still running: the caller retries later with the same key. */
    IN_PROGRESS,
    /** The key was first used with other parameters: refused, nothing stored. */
    KEY_REUSED,
    /** The method threw an exception that is not a final outcome: nothing stored, a retry runs again. */
    FAILED,
    /** The method threw an exception declared as a final outcome: stored, and replayed to duplicates. */
    STORED_FAILURE,
    /** The database was settling another transaction on the key (lock wait, deadlock): retry later. */
    BUSY;

    /** {@code first}, {@code replayed}, {@code in_progress}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
