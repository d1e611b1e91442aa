package io.idempo.example.load;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;

/**
 * The switch of the load-test endpoints under {@code /api/load}: they exist only when the server was started with
 * {@code IDEMPO_LOAD_ENDPOINTS=true}, and answer 404 otherwise. Pre-matching, so that a switched-off endpoint is a
 * plain 404 before the idempotency-key filter could answer 400 for it.
 */
@Provider
@PreMatching
public class LoadEndpoints implements ContainerRequestFilter {

    static final String VARIABLE = "IDEMPO_LOAD_ENDPOINTS";

    private static final boolean ENABLED = "true".equals(
            String.valueOf(System.getenv(VARIABLE)).strip().toLowerCase(Locale.ROOT));

    /** Whether {@code IDEMPO_LOAD_ENDPOINTS=true}. */
    static boolean enabled() {
        return ENABLED;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!ENABLED && isLoadPath(request.getUriInfo().getPath())) {
            request.abortWith(Response.status(Response.Status.NOT_FOUND).build());
        }
    }

    static boolean isLoadPath(String path) {
        String relative = path.startsWith("/") ? path.substring(1) : path;
        return relative.equals("load") || relative.startsWith("load/");
    }
}
