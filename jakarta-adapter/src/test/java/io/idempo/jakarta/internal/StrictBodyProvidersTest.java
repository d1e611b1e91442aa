package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonObject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptor;
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
 * {@link BodySizeLimit} and {@link StrictJsonBinding} in a chain of reader interceptors as JAX-RS runs it: inert
 * unless {@code idempo.body.strict} is true; then JSON is bound strictly instead of by the server's reader, and a body
 * beyond the limit is a 413 whatever the reader made of its failed read.
 */
class StrictBodyProvidersTest {

    public record Order(Long productId, Integer quantity) {
    }

    private static final String ORDER = "{\"productId\":1001,\"quantity\":2}";
    private static final Map<String, String> OFF = Map.of();
    private static final Map<String, String> ON = Map.of("idempo.body.strict", "true", "idempo.body.max-bytes", "100");
    /** The server's own reader: reads the whole body as text. */
    private static final ServerReader SERVER = context -> {
        try {
            return "server read " + new String(context.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ProcessingException("the server reader's own wrapping", e);
        }
    };

    @Test
    void offTheServerReadsEveryBodyUnwrapped() throws IOException {
        InputStream original = body(ORDER);
        Reading reading = new Reading(original, MediaType.APPLICATION_JSON_TYPE, Order.class, OFF);
        assertEquals("server read " + ORDER, reading.proceed());
        assertSame(original, reading.getInputStream(), "the stream is not wrapped");
    }

    @Test
    void onJsonIsBoundStrictlyWhateverItsJsonMediaType() throws IOException {
        for (String type : List.of("application/json", "application/json; charset=UTF-8", "text/json",
                "application/merge-patch+json")) {
            assertEquals(new Order(1001L, 2), new Reading(body(ORDER), MediaType.valueOf(type), Order.class, ON)
                    .proceed(), type);
        }
        RefusedBodyException malformed = assertThrows(RefusedBodyException.class, () -> new Reading(
                body("{\"productId\":1001,\"quantity\":2.5}"), MediaType.APPLICATION_JSON_TYPE, Order.class, ON)
                .proceed());
        assertEquals(400, malformed.getResponse().getStatus(), "a refusal within the limit is left as it is");
    }

    @Test
    void onOtherMediaTypesAndTheTypesJaxRsReadsItselfGoToTheServer() throws IOException {
        assertEquals("server read " + ORDER, new Reading(body(ORDER), MediaType.TEXT_PLAIN_TYPE, Order.class, ON)
                .proceed());
        for (Class<?> type : List.of(String.class, byte[].class, InputStream.class, JsonObject.class)) {
            assertEquals("server read " + ORDER, new Reading(body(ORDER), MediaType.APPLICATION_JSON_TYPE, type, ON)
                    .proceed(), type.getName());
        }
    }

    @Test
    void onTheFirstByteBeyondTheLimitIs413WhateverTheReaderThrew() {
        String tooLarge = ORDER + " ".repeat(100 - ORDER.length() + 1);
        for (MediaType type : List.of(MediaType.TEXT_PLAIN_TYPE, MediaType.APPLICATION_JSON_TYPE)) {
            RefusedBodyException refused = assertThrows(RefusedBodyException.class,
                    () -> new Reading(body(tooLarge), type, Order.class, ON).proceed(), type.toString());
            JsonObject problem = (JsonObject) refused.getResponse().getEntity();
            assertEquals(413, refused.getResponse().getStatus());
            assertEquals("IDEMPOTENCY_BODY_TOO_LARGE", problem.getString("code"));
            assertEquals("https://idempo.io/problems/body-too-large", problem.getString("type"));
            assertEquals("The body is larger than 100 bytes, the most this API accepts: send a smaller one",
                    problem.getString("detail"));
        }
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

    /**
     * The reading of one body, as JAX-RS runs it: the adapter's interceptors in the order of their priorities, then
     * the server's reader, each called by {@link #proceed()} of the one before.
     */
    private static final class Reading implements ReaderInterceptorContext {
        private final List<ReaderInterceptor> interceptors;
        private final Class<?> type;
        private final MediaType mediaType;
        private final Map<String, Object> properties = new HashMap<>();
        private InputStream input;
        private int next;

        Reading(InputStream input, MediaType mediaType, Class<?> type, Map<String, String> configuration) {
            IdempotencyBootstrap bootstrap = configured(configuration);
            BodySizeLimit limit = new BodySizeLimit();
            limit.bootstrap = bootstrap;
            StrictJsonBinding binding = new StrictJsonBinding();
            binding.bootstrap = bootstrap;
            this.interceptors = List.of(limit, binding);
            this.input = input;
            this.mediaType = mediaType;
            this.type = type;
        }

        @Override
        public Object proceed() throws IOException {
            return next < interceptors.size() ? interceptors.get(next++).aroundReadFrom(this) : SERVER.read(this);
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
            return type;
        }

        @Override
        public void setType(Class<?> type) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Type getGenericType() {
            return type;
        }

        @Override
        public void setGenericType(Type genericType) {
            throw new UnsupportedOperationException();
        }

        @Override
        public MediaType getMediaType() {
            return mediaType;
        }

        @Override
        public void setMediaType(MediaType mediaType) {
            throw new UnsupportedOperationException();
        }
    }
}
