package io.idempo.jakarta;

import io.idempo.runtime.IdempotencyContext;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;

/**
 * The outermost guard of every request ({@link IdempotencyStarter} registers it before the application's own
 * filters): no idempotency context survives from an earlier request on a pooled thread, and none survives this one,
 * whichever way it ends. The JAX-RS filter opens a request's context and its response filter closes it, but a
 * response filter does not run when an exception reaches the container unmapped, when the response is completed on
 * another thread, or for a servlet outside JAX-RS; without this guard the key and principal of one request would
 * stay on the thread for the next.
 */
public class IdempotencyContextBoundary implements Filter {

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try (IdempotencyContext.Boundary ignored = IdempotencyContext.boundary()) {
            chain.doFilter(request, response);
        }
    }
}
