package io.idempo.example.web;

import io.idempo.example.config.ExampleSettings;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Optional;

/**
 * Bounds every request body, and refuses a JSON body that is not UTF-8 or not one object, before anything is
 * bound or stored:
 * <ul>
 *   <li>a declared {@code Content-Length} above the limit is refused at once, unread (413), before any other
 *       filter, the Idempotency-Key filter included;</li>
 *   <li>a body without a length (chunked) is counted while the reader consumes it: the first byte beyond the limit
 *       fails the read (413);</li>
 *   <li>a JSON body is checked on the way for UTF-8 and, where an object is bound, for being one object and
 *       nothing else ({@link CheckedBody}): a violation fails the read (400). What the reader leaves after the JSON
 *       value is read through the same checks, so that neither excess nor a second value can hide there.</li>
 * </ul>
 * The limit is {@code MAX_BODY_BYTES} from the environment ({@link ExampleSettings#maxBodyBytes()}), 1 MiB by
 * default.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public class RequestBodyChecks implements ContainerRequestFilter, ReaderInterceptor {

    private static final long MAX_BYTES = ExampleSettings.current().maxBodyBytes();

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getLength() > MAX_BYTES) {
            request.abortWith(RejectedBodyException.tooLarge(MAX_BYTES).response());
        }
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        CheckedBody body = new CheckedBody(context.getInputStream(), MAX_BYTES, content(context));
        context.setInputStream(body);
        try {
            Object entity = context.proceed();
            if (!(entity instanceof InputStream || entity instanceof Reader)) {
                body.readToEnd();
            }
            return entity;
        } catch (IOException | RuntimeException e) {
            Optional<RejectedBodyException> rejection = body.rejection();
            if (rejection.isPresent()) {
                throw rejection.get();
            }
            throw e;
        }
    }

    /** JSON is checked for UTF-8, and for one object where the target is no array or collection. */
    private static CheckedBody.Content content(ReaderInterceptorContext context) {
        MediaType type = context.getMediaType();
        boolean json = type != null && (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)
                || type.getSubtype().endsWith("+json"));
        if (!json) {
            return CheckedBody.Content.BYTES;
        }
        Class<?> target = context.getType();
        return target.isArray() || Iterable.class.isAssignableFrom(target) ? CheckedBody.Content.JSON
                : CheckedBody.Content.JSON_OBJECT;
    }
}
