package io.idempo.runtime.record;

/** What {@link RecordStore#invalidate} found for a key, and did. */
public enum Invalidation {
    /** The record was final, or IN_PROGRESS past its lease (stuck): it is deleted, the key runs again. */
    DELETED,
    /** A call still holds the record (IN_PROGRESS within its lease): left alone. */
    RUNNING,
    /** No committed record for the key. */
    NOT_FOUND
}
