package io.idempo.runtime.step;

import java.sql.SQLException;

/**
 * Another transaction held the step table's rows (a deadlock, a lock wait that ran out, a serialization failure, two
 * workers inserting one step at once): nothing is wrong with the table, and a retry gets past it.
 */
public class StepStoreBusyException extends StepStoreException {

    private static final long serialVersionUID = 1L;

    public StepStoreBusyException(String message, SQLException cause) {
        super(message, cause);
    }
}
