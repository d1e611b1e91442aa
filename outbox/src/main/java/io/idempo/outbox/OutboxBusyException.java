package io.idempo.outbox;

import java.sql.SQLException;

/**
 * Rows of the outbox table were locked by another transaction (a lock-wait timeout, a deadlock, a serialization
 * failure): retryable. The relay tries again at its next poll; a purge leaves those rows to its next run.
 */
public class OutboxBusyException extends OutboxStoreException {

    private static final long serialVersionUID = 1L;

    public OutboxBusyException(String message, SQLException cause) {
        super(message, cause);
    }
}
