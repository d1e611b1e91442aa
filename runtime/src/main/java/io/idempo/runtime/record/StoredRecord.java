package io.idempo.runtime.record;

import java.time.Instant;
import java.util.Map;

/**
 * One row of the record table as read back.
 *
 * @param response the encoded result or stored exception; null while {@link RecordStatus#IN_PROGRESS}
 * @param leaseUntil until when the claimant is presumed alive; null once the record is final
 */
public record StoredRecord(
        String keyHash,
        String action,
        String scope,
        String clientKey,
        String fingerprint,
        String fingerprintVersion,
        Map<String, String> fieldDigests,
        RecordStatus status,
        String response,
        Instant leaseUntil,
        Instant createdAt,
        Instant updatedAt,
        Instant expiresAt) {

    /** Whether the record is dead at this instant: from its expiry on, a claim takes the key over. */
    public boolean isExpiredAt(Instant now) {
        return !expiresAt.isAfter(now);
    }
}
