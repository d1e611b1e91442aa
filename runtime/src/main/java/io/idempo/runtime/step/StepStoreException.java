package io.idempo.runtime.step;

import java.sql.SQLException;

/**
 * An operation on the step table failed in the database: the table is missing or differs from the shipped schema,
 * the user lacks a privilege, the connection broke. The message says what to check; the driver's exception is the
 * cause. Contention, which a retry gets past, is its subtype {@link StepStoreBusyException}.
 */
public class StepStoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StepStoreException(String message, SQLException cause) {
        super(message, cause);
    }
}
