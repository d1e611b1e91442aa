package io.idempo.runtime.record;

/** What the first statement of a claim came to. */
sealed interface ClaimInsert {

    ClaimInsert INSERTED = new Inserted();
    ClaimInsert CONFLICT = new Conflict();

    /** The caller's transaction now holds a new IN_PROGRESS row for the key. */
    record Inserted() implements ClaimInsert {
    }

    /** A row holds the key and nothing was inserted: {@link RecordStatements#readHolder} reads it. */
    record Conflict() implements ClaimInsert {
    }

    /**
     * A committed, unexpired row holds the key, and the statement answered with it: it inserted nothing and took no
     * lock, so that duplicates of a finished call never queue behind each other.
     */
    record Found(StoredRecord row) implements ClaimInsert {
    }
}
