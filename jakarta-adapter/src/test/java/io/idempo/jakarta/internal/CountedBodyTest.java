package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class CountedBodyTest {

    private static final StrictBodies HUNDRED_BYTES = new StrictBodies(100);

    @Test
    void aBodyOfExactlyTheLimitPassesUnchanged() throws IOException {
        byte[] body = ("{\"email\":\"jos\u00e9@example.com\"}" + " ".repeat(71)).getBytes(StandardCharsets.UTF_8);
        assertEquals(100, body.length);
        CountedBody counted = new CountedBody(new ByteArrayInputStream(body), HUNDRED_BYTES);
        assertArrayEquals(body, counted.readAllBytes());
        assertFalse(counted.exceeded());
    }

    @Test
    void theFirstByteBeyondTheLimitFailsTheRead() {
        CountedBody counted = new CountedBody(new ByteArrayInputStream(new byte[101]), HUNDRED_BYTES);
        assertThrows(IOException.class, counted::readAllBytes);
        assertTrue(counted.exceeded());
    }

    @Test
    void byteByByteAndSkippedBytesAreCountedToo() throws IOException {
        CountedBody oneByOne = new CountedBody(new ByteArrayInputStream(new byte[101]), HUNDRED_BYTES);
        for (int i = 0; i < 100; i++) {
            assertEquals(0, oneByOne.read());
        }
        assertThrows(IOException.class, oneByOne::read);
        assertTrue(oneByOne.exceeded());

        CountedBody skipped = new CountedBody(new ByteArrayInputStream(new byte[101]), HUNDRED_BYTES);
        assertEquals(100, skipped.skip(100));
        assertThrows(IOException.class, () -> skipped.skip(1));
        assertTrue(skipped.exceeded());
    }

    @Test
    void anyBytesAreOnlyCounted() throws IOException {
        byte[] body = HexFormat.of().parseHex("C328FF");
        assertArrayEquals(body, new CountedBody(new ByteArrayInputStream(body), new StrictBodies(3)).readAllBytes());
    }
}
