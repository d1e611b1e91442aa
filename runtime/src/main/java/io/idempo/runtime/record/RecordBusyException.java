package io.idempo.runtime.record;

import java.sql.SQLException;

/**
 * Another transaction holds the same key's record right now, so the database refused to wait longer: a lock-wait
 * timeout, a deadlock, or a serialization failure. It is retryable: the call is in progress elsewhere (or was just
 * rolled back), so answer "in progress, retry later" (HTTP 409 with Retry-After) and let the client retry with
 * the same key.
 *
 * <p>The database may already have rolled back the caller's whole transaction (PostgreSQL always does after an
 * error; MySQL and MariaDB do after a deadlock), so the caller must end its transaction with a rollback and retry
 * the whole call, never just the statement.
 */
public class RecordBusyException extends RecordStoreException {

    private static final long serialVersionUID = 1L;

    private final String keyHash;

    public RecordBusyException(String message, String keyHash, SQLException cause) {
        super(message, cause);
        this.keyHash = keyHash;
    }

    /** Contention the store detected itself, without a database error. */
    public RecordBusyException(String message, String keyHash) {
        this(message, keyHash, null);
    }

    /** The contended key's hash; null when the contention was not on one key (a purge batch). */
    public String keyHash() {
        return keyHash;
    }
}
