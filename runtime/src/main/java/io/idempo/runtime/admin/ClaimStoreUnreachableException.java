package io.idempo.runtime.admin;

import io.idempo.runtime.record.Invalidation;

/**
 * An invalidation reached the database but not the claim store: the store may still answer duplicates with the old
 * outcome until its TTL. Retry the invalidation; once the record is gone it only clears the store.
 */
public final class ClaimStoreUnreachableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Invalidation record;

    ClaimStoreUnreachableException(String keyHash, Invalidation record, RuntimeException cause) {
        super("The record for key " + keyHash + " was " + (record == Invalidation.DELETED ? "deleted" : "not found")
                + ", but the claim store could not be reached to forget the key (" + cause + "): it may answer"
                + " duplicates with the old outcome until its TTL. Retry the invalidation.", cause);
        this.record = record;
    }

    /** What happened to the database record before the claim store failed. */
    public Invalidation record() {
        return record;
    }
}
