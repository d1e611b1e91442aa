package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestIdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"9b2e0c51-77aa-4c7e-9d51-0b5e8f8c1d2a", "r", "req-1/a:b=c;d", "!~"})
    void visibleAsciiUpTo128CharactersIsKept(String id) {
        assertEquals(id, RequestIds.acceptOrCreate(id));
        assertEquals("x".repeat(128), RequestIds.acceptOrCreate("x".repeat(128)));
    }

    /** Anything that could split or forge a log line, or bloat it, is replaced by a fresh UUID. */
    @ParameterizedTest
    @ValueSource(strings = {"", "two words", "tab\there", "line\nbreak", "caf\u00e9", "nul\u0000", "del\u007f",
        "\u2028"})
    void anythingElseIsReplacedByAUuid(String id) {
        String replaced = RequestIds.acceptOrCreate(id);
        assertNotEquals(id, replaced);
        assertEquals(replaced, UUID.fromString(replaced).toString());
    }

    @ParameterizedTest
    @ValueSource(ints = {129, 1000})
    void overlongValuesAreReplaced(int length) {
        String id = "y".repeat(length);
        assertNotEquals(id, RequestIds.acceptOrCreate(id));
    }

    @Test
    void noValueGetsAFreshOneEachTime() {
        String first = RequestIds.acceptOrCreate(null);
        assertTrue(RequestIds.isValid(first));
        assertNotEquals(first, RequestIds.acceptOrCreate(null));
    }
}
