package io.idempo.runtime.record;

/** What a claim found: the key is now ours, or another transaction's record already holds it. */
public sealed interface RecordClaim {

    /**
     * The caller's transaction now holds an IN_PROGRESS record for the key; it runs the call, then completes or
     * deletes the record before committing.
     *
     * @param tookOverExpired whether an expired record was overwritten rather than a new one inserted
     */
    record Claimed(boolean tookOverExpired) implements RecordClaim {
    }

    /**
     * Another transaction's committed, unexpired record holds the key: replay it if it is final and its
     * fingerprint matches, or report a mismatch. It was read with a locking read, so it is the latest version
     * even where the caller's transaction reads an older snapshot (MySQL/MariaDB REPEATABLE READ).
     */
    record Existing(StoredRecord record) implements RecordClaim {
    }
}
