package io.idempo.jakarta.internal;

import io.idempo.jakarta.IdempotencyHeaders;
import io.idempo.runtime.IdempotencyContext;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The outermost guard of every request ({@link IdempotencyStarter} registers it before the application's own
 * filters): no idempotency context survives from an earlier request on a pooled thread, and none survives this one,
 * whichever way it ends. The JAX-RS filter opens a request's context and its response filter closes it, but a
 * response filter does not run when an exception reaches the container unmapped, when the response is completed on
 * another thread, or for a servlet outside JAX-RS; without this guard the key and principal of one request would
 * stay on the thread for the next.
 *
 * <p>It also gives every request its id ({@link IdempotencyHeaders#REQUEST_ID}, see {@link RequestIds}): set on the
 * answer before anything else runs, so that every answer the application gives carries it, kept as the request
 * attribute {@link #REQUEST_ID_ATTRIBUTE}, and made current for the whole request, so that the outcome line and
 * problem documents name it ({@code IdempotencyContext.currentRequestId()}).
 */
public class IdempotencyContextBoundary implements Filter {

    /** The request attribute (and JAX-RS request property) that holds the request's id. */
    public static final String REQUEST_ID_ATTRIBUTE = "io.idempo.requestId";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try (IdempotencyContext.Boundary ignored = IdempotencyContext.boundary();
             IdempotencyContext.Scope requestScope = IdempotencyContext.open(
                     IdempotencyContext.Request.of(null, null).withRequestId(requestId(request, response)))) {
            chain.doFilter(request, response);
        }
    }

    private static String requestId(ServletRequest request, ServletResponse response) {
        String id = RequestIds.acceptOrCreate(request instanceof HttpServletRequest http
                ? http.getHeader(IdempotencyHeaders.REQUEST_ID) : null);
        request.setAttribute(REQUEST_ID_ATTRIBUTE, id);
        if (response instanceof HttpServletResponse http) {
            http.setHeader(IdempotencyHeaders.REQUEST_ID, id);
        }
        return id;
    }
}
