package io.idempo.jakarta;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.util.Optional;

/**
 * Bounds every request body, JSON or not, to {@code idempo.body.max-bytes} when {@code idempo.body.strict=true}
 * (inert otherwise), answering 413 {@code IDEMPOTENCY_BODY_TOO_LARGE} before anything is bound or stored:
 * <ul>
 *   <li>a declared {@code Content-Length} above the limit is refused at once, unread, before the resource is matched
 *       and so before every other filter, the Idempotency-Key filter included;</li>
 *   <li>a body without a length (chunked), or longer than it said, is counted while the reader consumes it
 *       ({@link CountedBody}): the first byte beyond the limit fails the read.</li>
 * </ul>
 * As an interceptor it runs after the content decoders ({@link Priorities#ENTITY_CODER}): what is counted is what
 * the reader gets, so a compressed body cannot inflate beyond the limit.
 */
@Provider
@PreMatching
@Priority(Priorities.USER)
public class BodySizeLimit implements ContainerRequestFilter, ReaderInterceptor {

    @Inject
    IdempotencyBootstrap bootstrap;

    @Override
    public void filter(ContainerRequestContext request) {
        Optional<StrictBodies> limit = bootstrap.config().strictBodies();
        if (limit.isPresent() && limit.get().tooLarge(request.getLength())) {
            request.abortWith(RefusedBodyException.tooLarge(limit.get()).getResponse());
        }
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        Optional<StrictBodies> limit = bootstrap.config().strictBodies();
        if (limit.isEmpty()) {
            return context.proceed();
        }
        CountedBody body = new CountedBody(context.getInputStream(), limit.get());
        context.setInputStream(body);
        try {
            return context.proceed();
        } catch (IOException | RuntimeException e) {
            if (body.exceeded()) {
                throw RefusedBodyException.tooLarge(limit.get());
            }
            throw e;
        }
    }
}
