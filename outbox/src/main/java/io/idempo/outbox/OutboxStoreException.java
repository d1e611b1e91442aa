package io.idempo.outbox;

import java.sql.SQLException;

/**
 * An outbox operation failed in the database: the table is missing or differs from the shipped schema, the user
 * lacks a privilege, the connection broke. The message says what to check; the SQLState and vendor code of the
 * driver's exception, which is the cause, are exposed for logging and metrics. When it comes from
 * {@link Outbox#publish}, the caller's transaction must roll back: the event was not written.
 */
public class OutboxStoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String sqlState;
    private final int vendorCode;

    public OutboxStoreException(String message, SQLException cause) {
        super(message, cause);
        this.sqlState = cause.getSQLState();
        this.vendorCode = cause.getErrorCode();
    }

    /** The SQLState the driver reported; null when the driver gave none. */
    public String sqlState() {
        return sqlState;
    }

    /** The database's own error code (MySQL 1146, H2 42102, always 0 on PostgreSQL). */
    public int vendorCode() {
        return vendorCode;
    }
}
