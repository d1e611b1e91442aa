package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.runtime.spi.StoredOutcome;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class JaxRsResponseCodecTest {

    public record Order(long id, String status) {
    }

    private final JaxRsResponseCodec codec = new JaxRsResponseCodec(JsonbResponseCodec.create());

    @Test
    void aResponseReplaysItsStatusHeadersAndEntity() {
        Response first = Response.created(URI.create("http://localhost/api/orders/7")).entity(new Order(7, "PENDING"))
                .header("X-Request-Cost", "3").header("Date", "Mon, 30 Nov 2026 01:00:00 GMT").build();
        Response replayed = (Response) codec.decode(codec.encode(first, Response.class), Response.class);
        assertEquals(201, replayed.getStatus());
        assertEquals(URI.create("http://localhost/api/orders/7"), replayed.getLocation());
        assertEquals(new Order(7, "PENDING"), replayed.getEntity());
        assertEquals("3", replayed.getHeaderString("X-Request-Cost"));
        assertNull(replayed.getHeaderString("Date"), "exchange headers are not replayed");
    }

    @Test
    void aResponseWithoutEntityReplays() {
        Response replayed = (Response) codec.decode(codec.encode(Response.noContent().build(), Response.class),
                Response.class);
        assertEquals(204, replayed.getStatus());
        assertNull(replayed.getEntity());
    }

    @Test
    void otherTypesGoToTheDelegate() {
        List<Order> orders = List.of(new Order(1, "PAID"));
        assertEquals(JsonbResponseCodec.create().encode(orders, List.class), codec.encode(orders, List.class));
        assertEquals(new Order(1, "PAID"), codec.decode("{\"id\":1,\"status\":\"PAID\"}", Order.class));
    }

    @Test
    void theStatusResourceReadsTheStoredStatus() {
        Response created = Response.status(201).entity(new Order(1, "PENDING")).build();
        String stored = new StoredOutcome(StoredOutcome.Kind.RESULT, codec.encode(created, Response.class)).text();
        assertEquals(201, StoredStatus.of(stored).orElseThrow());
        assertTrue(StoredStatus.of("RESULT\n{\"id\":1}").isEmpty(), "a service result has no HTTP status");
        assertTrue(StoredStatus.of("NONE\n").isEmpty());
    }
}
