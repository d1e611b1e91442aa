package io.idempo.jakarta.internal;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.jakarta.IdempotencyHeaders;
import io.idempo.runtime.IdempotencyContext;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.security.Principal;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The entry layer: reads the {@code Idempotency-Key} header of every non-safe request, refuses a malformed,
 * over-long or repeated one with 400 before any work is done, and makes the key, the caller's principal and any
 * {@code Prefer: wait=N} available to the idempotent methods the request reaches. A missing key is refused at
 * once when the resource method itself is {@code @Idempotent}, and by the engine when a service method needs it.
 * A replayed answer is marked {@code Idempotent-Replayed: true}. Safe methods (GET, HEAD, OPTIONS) are never
 * asked for a key. The context it opens carries the request's id, which {@link IdempotencyContextBoundary} gave it.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 100)
public class IdempotencyKeyFilter implements ContainerRequestFilter, ContainerResponseFilter {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");
    /** The request property that holds the context this filter opened, for the filters that run after it. */
    static final String SCOPE = IdempotencyKeyFilter.class.getName() + ".scope";
    private static final Pattern PREFER_WAIT = Pattern.compile("(?:^|[,;\\s])wait\\s*=\\s*(\\d{1,6})(?:$|[,;\\s])");

    @Context
    ResourceInfo resourceInfo;

    @Inject
    IdempotencyBootstrap bootstrap;

    @Override
    public void filter(ContainerRequestContext request) {
        if (SAFE_METHODS.contains(request.getMethod())) {
            return;
        }
        List<String> keys = request.getHeaders().get(IdempotencyHeaders.IDEMPOTENCY_KEY);
        if (keys != null && keys.size() > 1) {
            request.abortWith(Problem.KEY_REPEATED.response(null, List.of()).build());
            return;
        }
        String key = keys == null ? null : keys.get(0);
        boolean empty = key != null && key.isEmpty();
        if (empty || (key == null && resourceNeedsHeader())) {
            request.abortWith(Problem.KEY_MISSING.response(null, List.of()).build());
            return;
        }
        Optional<String> violation = key == null ? Optional.empty() : bootstrap.config().keyPolicy().violation(key);
        if (violation.isPresent()) {
            request.abortWith(Problem.KEY_INVALID.response("The Idempotency-Key header " + violation.get(), List.of())
                    .build());
            return;
        }
        Principal principal = request.getSecurityContext() == null ? null
                : request.getSecurityContext().getUserPrincipal();
        request.setProperty(SCOPE, IdempotencyContext.open(IdempotencyContext.Request
                .of(key, principal == null ? null : principal.getName())
                .withRequestId((String) request.getProperty(IdempotencyContextBoundary.REQUEST_ID_ATTRIBUTE))
                .withRequestedWait(requestedWait(request.getHeaderString(IdempotencyHeaders.PREFER)))));
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(SCOPE) instanceof IdempotencyContext.Scope scope) {
            request.removeProperty(SCOPE);
            if (scope.replayed()) {
                response.getHeaders().putSingle(IdempotencyHeaders.REPLAYED, "true");
            }
            scope.close();
        }
    }

    /** A resource method that is itself {@code @Idempotent} and takes its key from the header. */
    private boolean resourceNeedsHeader() {
        Method method = resourceInfo == null ? null : resourceInfo.getResourceMethod();
        if (method == null) {
            return false;
        }
        Idempotent idempotent = method.getAnnotation(Idempotent.class);
        return idempotent != null && idempotent.key().isEmpty()
                && Arrays.stream(method.getParameterAnnotations()).flatMap(Arrays::stream)
                        .noneMatch(annotation -> annotation instanceof IdempotencyKey);
    }

    /** {@code Prefer: wait=N} in seconds (RFC 7240), or null. */
    static Duration requestedWait(String prefer) {
        if (prefer == null) {
            return null;
        }
        Matcher matcher = PREFER_WAIT.matcher(prefer.toLowerCase(Locale.ROOT));
        return matcher.find() ? Duration.ofSeconds(Long.parseLong(matcher.group(1))) : null;
    }
}
