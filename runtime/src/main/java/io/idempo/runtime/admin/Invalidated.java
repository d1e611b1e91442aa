package io.idempo.runtime.admin;

import io.idempo.runtime.record.Invalidation;

/**
 * What an invalidation did.
 *
 * @param record         to the database record: deleted, left to its running call, or not found
 * @param claimStoreHeld whether the claim store held an outcome or claim for the key, now forgotten; always false
 *                       when the record was left running, since the store is then not touched
 */
public record Invalidated(Invalidation record, boolean claimStoreHeld) {
}
