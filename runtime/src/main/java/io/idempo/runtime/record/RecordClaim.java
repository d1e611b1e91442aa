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
     * fingerprint matches, or report a mismatch. It is the committed version: on MySQL/MariaDB read with a locking
     * read, the latest even where the caller's transaction reads an older snapshot (REPEATABLE READ); on PostgreSQL
     * and H2 read without a lock when the claim's own reading finds it, as the caller's statement sees it (the
     * latest at READ COMMITTED), so that the duplicates of a finished call never wait on each other.
     */
    record Existing(StoredRecord record) implements RecordClaim {
    }
}
