package io.idempo.runtime.record;

import java.sql.SQLException;

/**
 * A record operation failed in the database. The subclass {@link RecordBusyException} means contention on a key
 * and is retryable; every other instance means retrying will not help: the table is missing or differs from the
 * shipped schema, the user lacks a privilege, the connection broke. The message says what to check; the SQLState
 * and vendor code of the driver's exception, which is the cause, are exposed for logging and metrics.
 */
public class RecordStoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String sqlState;
    private final int vendorCode;

    /** @param cause the driver's exception; null only when the store itself detected the problem */
    public RecordStoreException(String message, SQLException cause) {
        super(message, cause);
        this.sqlState = cause == null ? null : cause.getSQLState();
        this.vendorCode = cause == null ? 0 : cause.getErrorCode();
    }

    /** The SQLState the driver reported; null when there is no driver exception or the driver gave none. */
    public String sqlState() {
        return sqlState;
    }

    /** The database's own error code (MySQL 1146, H2 42102, always 0 on PostgreSQL). */
    public int vendorCode() {
        return vendorCode;
    }
}
