package io.idempo.jakarta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link StrictJsonReader} and {@link BodySizeLimit} as JAX-RS calls them: inert unless {@code idempo.body.strict}
 * is true, and then a body beyond the limit is a 413 whatever the reader made of its failed read.
 */
class StrictBodyProvidersTest {

    public record Order(Long productId, Integer quantity) {
    }

    private static final String ORDER = "{\"productId\":1001,\"quantity\":2}";

    @Test
    void offTheyLeaveEveryBodyToTheServer() throws IOException {
        StrictJsonReader reader = reader(Map.of());
        assertFalse(reader.isReadable(Order.class, Order.class, new Annotation[0], MediaType.APPLICATION_JSON_TYPE));

        InputStream original = body(ORDER);
        Reading reading = new Reading(original, context -> "read");
        assertEquals("read", limit(Map.of()).aroundReadFrom(reading));
        assertSame(original, reading.getInputStream(), "the stream is not wrapped");
    }

    @Test
    void onTheReaderTakesEveryJsonMediaTypeAndLeavesTheTypesJaxRsReadsItself() {
        StrictJsonReader reader = reader(Map.of("idempo.body.strict", "true"));
        for (String type : List.of("application/json", "application/json; charset=UTF-8", "text/json",
                "application/merge-patch+json")) {
            assertTrue(reader.isReadable(Order.class, Order.class, new Annotation[0], MediaType.valueOf(type)), type);
        }
        assertFalse(reader.isReadable(Order.class, Order.class, new Annotation[0], MediaType.TEXT_PLAIN_TYPE));
        assertFalse(reader.isReadable(Order.class, Order.class, new Annotation[0], MediaType.WILDCARD_TYPE));
        for (Class<?> type : List.of(String.class, byte[].class, InputStream.class, JsonObject.class)) {
            assertFalse(reader.isReadable(type, type, new Annotation[0], MediaType.APPLICATION_JSON_TYPE),
                    type.getName());
        }
    }

    @Test
    void onABodyWithinTheLimitIsBoundStrictly() throws IOException {
        Map<String, String> strict = Map.of("idempo.body.strict", "true", "idempo.body.max-bytes", "100");
        assertEquals(new Order(1001L, 2), limit(strict).aroundReadFrom(new Reading(body(ORDER), read(strict))));

        RefusedBodyException malformed = assertThrows(RefusedBodyException.class, () -> limit(strict).aroundReadFrom(
                new Reading(body("{\"productId\":1001,\"quantity\":2.5}"), read(strict))));
        assertEquals(400, malformed.getResponse().getStatus(), "a refusal within the limit is left as it is");
    }

    @Test
    void onTheFirstByteBeyondTheLimitIs413WhateverTheReaderThrew() {
        Map<String, String> strict = Map.of("idempo.body.strict", "true", "idempo.body.max-bytes", "100");
        String tooLarge = ORDER + " ".repeat(100 - ORDER.length() + 1);
        Reading wrapping = new Reading(body(tooLarge), context -> {
            try {
                return context.getInputStream().readAllBytes();
            } catch (IOException e) {
                throw new ProcessingException("the reader's own wrapping", e);
            }
        });
        RefusedBodyException refused = assertThrows(RefusedBodyException.class,
                () -> limit(strict).aroundReadFrom(wrapping));
        JsonObject problem = (JsonObject) refused.getResponse().getEntity();
        assertEquals(413, refused.getResponse().getStatus());
        assertEquals("IDEMPOTENCY_BODY_TOO_LARGE", problem.getString("code"));
        assertEquals("https://idempo.io/problems/body-too-large", problem.getString("type"));
        assertEquals("The body is larger than 100 bytes, the most this API accepts: send a smaller one",
                problem.getString("detail"));

        assertEquals(413, assertThrows(RefusedBodyException.class, () -> limit(strict).aroundReadFrom(
                new Reading(body(tooLarge), read(strict)))).getResponse().getStatus(), "the strict reader alike");
    }

    @SuppressWarnings("unchecked")
    private static ServerReader read(Map<String, String> values) {
        StrictJsonReader reader = reader(values);
        Class<Object> type = (Class<Object>) (Class<?>) Order.class;
        return context -> {
            try {
                return reader.readFrom(type, Order.class, new Annotation[0],
                        MediaType.APPLICATION_JSON_TYPE, new MultivaluedHashMap<>(), context.getInputStream());
            } catch (IOException e) {
                throw new ProcessingException(e);
            }
        };
    }

    private static StrictJsonReader reader(Map<String, String> values) {
        StrictJsonReader reader = new StrictJsonReader();
        reader.bootstrap = configured(values);
        return reader;
    }

    private static BodySizeLimit limit(Map<String, String> values) {
        BodySizeLimit limit = new BodySizeLimit();
        limit.bootstrap = configured(values);
        return limit;
    }

    private static IdempotencyBootstrap configured(Map<String, String> values) {
        AdapterConfig config = AdapterConfig.load(ConfigSource.of(key -> Optional.ofNullable(values.get(key))));
        return new IdempotencyBootstrap() {
            @Override
            AdapterConfig config() {
                return config;
            }
        };
    }

    private static InputStream body(String json) {
        return new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8));
    }

    /** What the server's reader does with the (wrapped) stream. */
    private interface ServerReader {
        Object read(ReaderInterceptorContext context);
    }

    /** The reading of one JSON body to {@link Order}, as JAX-RS hands it to interceptors. */
    private static final class Reading implements ReaderInterceptorContext {
        private final ServerReader reader;
        private final Map<String, Object> properties = new HashMap<>();
        private InputStream input;

        Reading(InputStream input, ServerReader reader) {
            this.input = input;
            this.reader = reader;
        }

        @Override
        public Object proceed() {
            return reader.read(this);
        }

        @Override
        public InputStream getInputStream() {
            return input;
        }

        @Override
        public void setInputStream(InputStream input) {
            this.input = input;
        }

        @Override
        public MultivaluedMap<String, String> getHeaders() {
            return new MultivaluedHashMap<>();
        }

        @Override
        public Object getProperty(String name) {
            return properties.get(name);
        }

        @Override
        public Collection<String> getPropertyNames() {
            return properties.keySet();
        }

        @Override
        public void setProperty(String name, Object object) {
            properties.put(name, object);
        }

        @Override
        public void removeProperty(String name) {
            properties.remove(name);
        }

        @Override
        public Annotation[] getAnnotations() {
            return new Annotation[0];
        }

        @Override
        public void setAnnotations(Annotation[] annotations) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Class<?> getType() {
            return Order.class;
        }

        @Override
        public void setType(Class<?> type) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Type getGenericType() {
            return Order.class;
        }

        @Override
        public void setGenericType(Type genericType) {
            throw new UnsupportedOperationException();
        }

        @Override
        public MediaType getMediaType() {
            return MediaType.APPLICATION_JSON_TYPE;
        }

        @Override
        public void setMediaType(MediaType mediaType) {
            throw new UnsupportedOperationException();
        }
    }
}
