package io.idempo.jakarta.internal;

import static io.idempo.jakarta.internal.JsonProcessing.JSON;

import io.idempo.runtime.record.RecordStatus;
import io.idempo.runtime.record.StoredRecord;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;

/**
 * A record as the admin surface shows it: its identity, state and times, and the HTTP status it answered with where
 * the record knows it. Never the stored response itself, which may hold a customer's data.
 */
final class RecordJson {

    private RecordJson() {
    }

    static JsonObject of(StoredRecord record, Instant now) {
        boolean expired = record.isExpiredAt(now);
        boolean stuck = record.status() == RecordStatus.IN_PROGRESS && !expired && record.leaseUntil() != null
                && !record.leaseUntil().isAfter(now);
        JsonObjectBuilder json = JSON.createObjectBuilder()
                .add("keyHash", record.keyHash())
                .add("action", record.action())
                .add("scope", record.scope())
                .add("key", record.clientKey())
                .add("state", record.status().name())
                .add("fingerprintVersion", record.fingerprintVersion())
                .add("createdAt", record.createdAt().toString())
                .add("updatedAt", record.updatedAt().toString())
                .add("expiresAt", record.expiresAt().toString())
                .add("expired", expired)
                .add("stuck", stuck);
        if (record.leaseUntil() != null) {
            json.add("leaseUntil", record.leaseUntil().toString());
        }
        if (record.response() != null) {
            StoredStatus.of(record.response()).ifPresent(status -> json.add("statusCode", status));
        }
        return json.build();
    }
}
