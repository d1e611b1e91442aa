package io.idempo.runtime.record;

import io.idempo.runtime.internal.TextColumns;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a claim writes: the key and the call's fingerprint, checked against the column sizes up front.
 *
 * @param keyHash lowercase hex SHA-256 of action, scope and client key; the record's identity
 * @param action the action name, at most 64 characters
 * @param scope the principal or tenant the key belongs to, at most 255 characters
 * @param clientKey the key as the client sent it, at most 255 characters
 * @param fingerprint lowercase hex SHA-256 of the call's declared fields
 * @param fingerprintVersion the field plan's version, at most 16 characters
 * @param fieldDigests field path to short hex digest, in plan order; at most 16,000 characters once encoded
 * @param lease how long the claimant is presumed alive while the record is in progress
 * @param ttl how long the record lives; after that a new claim takes the key over and the purge deletes it
 */
public record NewRecord(
        String keyHash,
        String action,
        String scope,
        String clientKey,
        String fingerprint,
        String fingerprintVersion,
        Map<String, String> fieldDigests,
        Duration lease,
        Duration ttl) {

    public NewRecord {
        ColumnLimits.requireSha256Hex("keyHash", keyHash);
        TextColumns.requireFits("action", action, ColumnLimits.ACTION);
        TextColumns.requireFits("scope", scope, ColumnLimits.SCOPE);
        TextColumns.requireFits("clientKey", clientKey, ColumnLimits.CLIENT_KEY);
        ColumnLimits.requireSha256Hex("fingerprint", fingerprint);
        TextColumns.requireFits("fingerprintVersion", fingerprintVersion, ColumnLimits.FINGERPRINT_VERSION);
        Objects.requireNonNull(fieldDigests, "fieldDigests");
        // Keeps the caller's order (Map.copyOf would not): the encoded column lists fields in plan order.
        fieldDigests = Collections.unmodifiableMap(new LinkedHashMap<>(fieldDigests));
        TextColumns.requireFits("fieldDigests", FieldDigests.encode(fieldDigests), ColumnLimits.FIELD_DIGESTS);
        requirePositive("lease", lease);
        requirePositive("ttl", ttl);
    }

    /** The {@code field_digests} column's text. */
    String encodedFieldDigests() {
        return FieldDigests.encode(fieldDigests);
    }

    private static void requirePositive(String name, Duration duration) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be a positive duration, not " + duration);
        }
    }
}
