package io.idempo.jakarta.internal;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.util.Optional;

/**
 * Bounds every request body that JAX-RS reads, JSON or not, to {@code idempo.body.max-bytes} when
 * {@code idempo.body.strict=true} (inert otherwise): the body is counted while the reader consumes it
 * ({@link CountedBody}), and the first byte beyond the limit fails the read with 413
 * {@code IDEMPOTENCY_BODY_TOO_LARGE}, whatever the reader made of the failure. This covers bodies without a length
 * (chunked) and bodies longer than they said; a declared length above the limit is refused earlier, unread
 * ({@link ContentLengthLimit}). It runs after the content decoders ({@link Priorities#ENTITY_CODER}): what is counted
 * is what the reader gets, so a compressed body cannot inflate beyond the limit.
 */
@Provider
@Priority(Priorities.USER)
public class BodySizeLimit implements ReaderInterceptor {

    @Inject
    IdempotencyBootstrap bootstrap;

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
