package io.idempo.runtime.record;

/** Where a record stands; stored by name in the {@code status} column. */
public enum RecordStatus {
    /** Claimed by a transaction that has not completed the call yet. */
    IN_PROGRESS,
    /** The call returned; the response is its encoded result. */
    COMPLETED,
    /** The call threw an exception the method declared final; the response is that exception, encoded. */
    FAILED
}
