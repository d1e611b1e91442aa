package io.idempo.jakarta.internal;

import io.idempo.jsonb.StrictJson;
import io.idempo.jsonb.StrictJsonException;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NoContentException;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Locale;

/**
 * Binds JSON request bodies strictly (the runtime's {@link StrictJson}: a refused body is a 400
 * {@code IDEMPOTENCY_MALFORMED_BODY}, thrown before the resource method runs, so that nothing is stored) when {@code idempo.body.strict=true}; otherwise, and for
 * other media types, it proceeds to the server's reader as if it were not there. It is the innermost reader
 * interceptor and binds the body itself instead of proceeding, rather than a {@code MessageBodyReader}: Jersey
 * (Payara) counts the server's JSON-B provider as one of the application's, so a reader of the adapter would tie with
 * it and lose, while an interceptor runs on Jersey and RESTEasy (WildFly) alike. Every other interceptor still runs
 * around it. JSON is {@code application/json} and every {@code +json} or {@code /json} type; the types JAX-RS or
 * JSON-P read themselves (text, bytes, streams, files, {@code JsonValue}) go to them. The whole body is read before
 * it is checked: {@link BodySizeLimit} bounds it.
 */
@Provider
@Priority(Integer.MAX_VALUE)
public class StrictJsonBinding implements ReaderInterceptor {

    private static final List<Class<?>> UNTOUCHED = List.of(String.class, byte[].class, InputStream.class,
            Reader.class, File.class, JsonValue.class);

    @Inject
    IdempotencyBootstrap bootstrap;

    /** Made on first use, so that nothing is built while the checks are off; a race builds two, harmlessly. */
    private volatile StrictJson strictJson;

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        Class<?> type = context.getType();
        if (!isJson(context.getMediaType()) || UNTOUCHED.stream().anyMatch(read -> read.isAssignableFrom(type))
                || bootstrap.config().strictBodies().isEmpty()) {
            return context.proceed();
        }
        StrictJson reader = strictJson;
        if (reader == null) {
            reader = new StrictJson();
            strictJson = reader;
        }
        Type genericType = context.getGenericType();
        try {
            return reader.read(context.getInputStream().readAllBytes(), genericType == null ? type : genericType);
        } catch (StrictJsonException e) {
            if (e.reason() == StrictJsonException.Reason.EMPTY) {
                // JAX-RS answers 400; servers that do not ask the reader about an empty body hand the method null
                throw new NoContentException(e.getMessage());
            }
            throw RefusedBodyException.malformed(e.getMessage());
        }
    }

    static boolean isJson(MediaType mediaType) {
        return mediaType != null && (mediaType.getSubtype().equalsIgnoreCase("json")
                || mediaType.getSubtype().toLowerCase(Locale.ROOT).endsWith("+json"));
    }
}
