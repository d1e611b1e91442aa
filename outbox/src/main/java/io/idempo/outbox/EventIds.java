package io.idempo.outbox;

import io.idempo.plan.Sha256;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.UUID;

/**
 * The ids of events. Inside an idempotent call an id is derived from the call's key hash (action, scope and client
 * key), the event's place among the call's events, and a generation: a name-based UUID of version 8 over SHA-256
 * (RFC 9562, appendix B.2). A retry after a rollback writes the same events with the same ids; a replayed duplicate
 * writes none. The generation is 0 unless the key ran before and its events are still in the table (the key ran again
 * after its TTL), so that each committed run of a key has ids of its own.
 */
final class EventIds {

    private static final byte[] NAMESPACE = "idempo.outbox.v1".getBytes(StandardCharsets.UTF_8);

    private EventIds() {
    }

    static String derived(String keyHash, int generation, int sequence) {
        MessageDigest sha = Sha256.newDigest();
        sha.update(NAMESPACE);
        sha.update(keyHash.getBytes(StandardCharsets.US_ASCII));
        sha.update(ByteBuffer.allocate(8).putInt(generation).putInt(sequence).array());
        ByteBuffer hash = ByteBuffer.wrap(sha.digest());
        long most = (hash.getLong() & ~0xF000L) | 0x8000L;                       // version 8
        long least = (hash.getLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // variant 10
        return new UUID(most, least).toString();
    }

    /** For events written outside an idempotent call: nothing could make them repeat, so nothing to derive from. */
    static String random() {
        return UUID.randomUUID().toString();
    }
}
