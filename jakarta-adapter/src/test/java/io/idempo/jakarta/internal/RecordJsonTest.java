package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.RecordStatus;
import io.idempo.runtime.record.StoredRecord;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordJsonTest {

    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    private static StoredRecord record(RecordStatus status, String response, Instant leaseUntil, Instant expiresAt) {
        return new StoredRecord("a".repeat(64), "orders.create", "alice", "k-12345678", "f".repeat(64), "v1",
                Map.of("request.amount", "0123456789abcdef"), status, response, leaseUntil, NOW.minusSeconds(60),
                NOW.minusSeconds(30), expiresAt);
    }

    @Test
    void aCompletedRecordShowsItsStatusCodeButNeverItsResponse() {
        String response = "RESULT\n{\"status\":201,\"headers\":{},\"entityType\":\"x.Order\",\"entity\":\"secret\"}";
        JsonObject json = RecordJson.of(record(RecordStatus.COMPLETED, response, null, NOW.plusSeconds(60)), NOW);
        assertEquals("COMPLETED", json.getString("state"));
        assertEquals(201, json.getInt("statusCode"));
        assertEquals("alice", json.getString("scope"));
        assertEquals("k-12345678", json.getString("key"));
        assertFalse(json.getBoolean("stuck"));
        assertFalse(json.getBoolean("expired"));
        assertNull(json.get("leaseUntil"));
        assertFalse(json.toString().contains("secret"), json.toString());
        assertFalse(json.toString().contains("0123456789abcdef"), "no field digests: " + json);
    }

    @Test
    void anInProgressRecordPastItsLeaseIsStuckUntilItExpires() {
        JsonObject stuck = RecordJson.of(record(RecordStatus.IN_PROGRESS, null, NOW.minusSeconds(1),
                NOW.plusSeconds(60)), NOW);
        assertTrue(stuck.getBoolean("stuck"));
        assertEquals(NOW.minusSeconds(1).toString(), stuck.getString("leaseUntil"));
        assertFalse(RecordJson.of(record(RecordStatus.IN_PROGRESS, null, NOW.plusSeconds(1), NOW.plusSeconds(60)), NOW)
                .getBoolean("stuck"), "its lease still runs");
        JsonObject expired = RecordJson.of(record(RecordStatus.IN_PROGRESS, null, NOW.minusSeconds(90),
                NOW.minusSeconds(1)), NOW);
        assertFalse(expired.getBoolean("stuck"), "an expired record blocks nothing");
        assertTrue(expired.getBoolean("expired"));
    }
}
