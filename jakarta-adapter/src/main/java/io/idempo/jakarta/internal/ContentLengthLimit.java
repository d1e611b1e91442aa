package io.idempo.jakarta.internal;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * Refuses a request whose {@code Content-Length} is above {@code idempo.body.max-bytes} when
 * {@code idempo.body.strict=true} (inert otherwise): 413 {@code IDEMPOTENCY_BODY_TOO_LARGE} at once, the body unread,
 * before the resource is matched and so before every other filter, the Idempotency-Key filter included. A body
 * without a length, or longer than it said, is {@link BodySizeLimit}'s. A class of its own: RESTEasy (WildFly) leaves
 * out the reader interceptors of a class marked {@link PreMatching}.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public class ContentLengthLimit implements ContainerRequestFilter {

    @Inject
    IdempotencyBootstrap bootstrap;

    @Override
    public void filter(ContainerRequestContext request) {
        Optional<StrictBodies> limit = bootstrap.config().strictBodies();
        if (limit.isPresent() && limit.get().tooLarge(request.getLength())) {
            request.abortWith(RefusedBodyException.tooLarge(limit.get()).getResponse());
        }
    }
}
