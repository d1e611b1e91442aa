package io.idempo.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventIdsTest {

    private static final String KEY_HASH = "3f1c9a5e0b7d4c2a8e6f1b3d5c7a9e0f2b4d6c8a0e1f3b5d7c9a2e4f6b8d0c1a";

    /**
     * Pinned: consumers dedupe by these ids, so the same call must get the same ids from every release, or a retry
     * across an upgrade would be delivered as a new event. The value was computed apart from this code, with Python:
     * the first 16 bytes of SHA-256("idempo.outbox.v1" + key hash + int32 generation + int32 sequence), version 8,
     * variant 10.
     */
    @Test
    void aDerivedIdIsTheSameInEveryRelease() {
        assertEquals("57839f39-f082-8ca2-8fda-ce38fdf0cc5d", EventIds.derived(KEY_HASH, 0, 0));
    }

    @Test
    void derivedIdsAreUuidsOfVersion8AndDifferByKeyGenerationAndSequence() {
        Set<String> ids = new HashSet<>();
        for (int generation = 0; generation < 3; generation++) {
            for (int sequence = 0; sequence < 100; sequence++) {
                UUID id = UUID.fromString(EventIds.derived(KEY_HASH, generation, sequence));
                assertEquals(8, id.version());
                assertEquals(2, id.variant());
                ids.add(id.toString());
            }
        }
        assertEquals(300, ids.size());
        assertNotEquals(EventIds.derived(KEY_HASH, 0, 0), EventIds.derived(KEY_HASH.replace('3', '4'), 0, 0));
        assertEquals(EventIds.derived(KEY_HASH, 2, 7), EventIds.derived(KEY_HASH, 2, 7));
    }
}
