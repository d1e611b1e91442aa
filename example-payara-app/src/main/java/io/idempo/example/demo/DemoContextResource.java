package io.idempo.example.demo;

import io.idempo.runtime.IdempotencyContext;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Demo-only probes of the idempotency context on the serving thread (404 unless {@code IDEMPO_DEMO_FAULTS=true}),
 * for the end-to-end test that no request ever sees another's context:
 * <ul>
 *   <li>{@code POST /api/demo/unmapped-failure}: fails with an error no exception mapper of the app handles, after
 *       the adapter opened the request's context (its key and principal);</li>
 *   <li>{@code GET /api/demo/context}: what the serving thread's context holds (nothing, for a GET, unless an earlier
 *       request left its own behind).</li>
 * </ul>
 */
@Path("demo")
@RequestScoped
public class DemoContextResource {

    @POST
    @Path("unmapped-failure")
    public String unmappedFailure() {
        requireDemoFaults();
        throw new DemoUnmappedError("Demo failure no exception mapper handles (POST /api/demo/unmapped-failure)");
    }

    @GET
    @Path("context")
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject context() {
        requireDemoFaults();
        var body = Json.createObjectBuilder();
        IdempotencyContext.currentKey().ifPresentOrElse(key -> body.add("key", key), () -> body.addNull("key"));
        IdempotencyContext.currentPrincipal().ifPresentOrElse(principal -> body.add("principal", principal),
                () -> body.addNull("principal"));
        return body.add("thread", Thread.currentThread().getName()).build();
    }

    private static void requireDemoFaults() {
        if (!DemoFaults.enabled()) {
            throw new NotFoundException();
        }
    }
}
