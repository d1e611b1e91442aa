package io.idempo.jakarta;

import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Locale;

/**
 * Reads JSON request bodies strictly ({@link StrictJson}) when {@code idempo.body.strict=true}; otherwise it reads
 * nothing and the server's own JSON-B provider binds as before. An application's provider takes precedence over the
 * server's for the same media type, on Jersey (Payara) and RESTEasy (WildFly) alike. JSON is {@code application/json}
 * and every {@code +json} or {@code /json} type; the types JAX-RS or JSON-P read themselves (text, bytes, streams,
 * files, {@code JsonValue}) are left to them. The whole body is read before it is checked: {@link BodySizeLimit}
 * bounds it.
 */
@Provider
@Consumes({MediaType.APPLICATION_JSON, MediaType.WILDCARD})
public class StrictJsonReader implements MessageBodyReader<Object> {

    private static final List<Class<?>> UNTOUCHED = List.of(String.class, byte[].class, InputStream.class,
            Reader.class, File.class, JsonValue.class);

    @Inject
    IdempotencyBootstrap bootstrap;

    /** Made on first use, so that nothing is built while the checks are off; a race builds two, harmlessly. */
    private volatile StrictJson strictJson;

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return isJson(mediaType) && UNTOUCHED.stream().noneMatch(untouched -> untouched.isAssignableFrom(type))
                && bootstrap.config().strictBodies().isPresent();
    }

    @Override
    public Object readFrom(Class<Object> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                           MultivaluedMap<String, String> headers, InputStream body) throws IOException {
        StrictJson reader = strictJson;
        if (reader == null) {
            reader = new StrictJson();
            strictJson = reader;
        }
        return reader.read(body.readAllBytes(), type, genericType == null ? type : genericType);
    }

    static boolean isJson(MediaType mediaType) {
        return mediaType != null && (mediaType.getSubtype().equalsIgnoreCase("json")
                || mediaType.getSubtype().toLowerCase(Locale.ROOT).endsWith("+json"));
    }
}
