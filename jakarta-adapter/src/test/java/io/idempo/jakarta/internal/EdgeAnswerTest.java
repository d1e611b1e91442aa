package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.idempo.runtime.RecordKey;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The answer the edge replay keeps: what it replays, what it never replays, and its round trip. */
class EdgeAnswerTest {

    @Test
    void theAnswerRoundTripsWithoutTheHeadersOfItsOwnResponse() {
        MultivaluedHashMap<String, String> headers = new MultivaluedHashMap<>();
        headers.add("Location", "http://host/api/orders/7");
        headers.add("Content-Type", "application/json");
        headers.add("X-Receipt-Id", "r-1");
        headers.add("Set-Cookie", "session=secret");
        headers.add("X-Request-Id", "req-1");
        headers.add("Date", "Tue, 01 Dec 2026 12:00:00 GMT");
        byte[] body = "{\"id\":7,\"note\":\"Grüße\\n\"}".getBytes(StandardCharsets.UTF_8);
        EdgeAnswer answer = EdgeAnswer.of(new RecordKey("orders.create", "alice", "key-12345678"), 201, headers, body);

        EdgeAnswer read = EdgeAnswer.decode(answer.encode());
        assertEquals(answer.key(), read.key());
        assertEquals(201, read.status());
        assertArrayEquals(body, read.body());
        assertEquals(Set.of("Location", "Content-Type", "X-Receipt-Id"), read.headers().keySet());

        Response replay = read.response();
        assertEquals(201, replay.getStatus());
        assertEquals("true", replay.getHeaderString("Idempotent-Replayed"));
        assertEquals("http://host/api/orders/7", replay.getHeaderString("Location"));
        assertNull(replay.getHeaderString("Set-Cookie"));
        assertArrayEquals(body, (byte[]) replay.getEntity());
    }

    @Test
    void theCapturedStreamPassesEverythingThroughAndKeepsACopyUpToItsLimit() throws IOException {
        AtomicReference<byte[]> kept = new AtomicReference<>();
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        try (CapturedStream stream = new CapturedStream(sent, 8, kept::set)) {
            stream.write("abcd".getBytes(StandardCharsets.UTF_8));
            stream.write('e');
        }
        assertEquals("abcde", sent.toString(StandardCharsets.UTF_8));
        assertEquals("abcde", new String(kept.get(), StandardCharsets.UTF_8));

        kept.set(null);
        ByteArrayOutputStream large = new ByteArrayOutputStream();
        try (CapturedStream stream = new CapturedStream(large, 8, kept::set)) {
            stream.write("0123456789".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals("0123456789", large.toString(StandardCharsets.UTF_8));
        assertNull(kept.get(), "nothing kept beyond the limit");
    }
}
