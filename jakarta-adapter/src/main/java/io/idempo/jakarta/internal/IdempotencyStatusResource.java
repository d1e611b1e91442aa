package io.idempo.jakarta.internal;

import static io.idempo.jakarta.internal.JsonProcessing.JSON;

import io.idempo.runtime.RecordKey;
import io.idempo.runtime.record.JpaSqlExecutor;
import io.idempo.runtime.record.RecordStatus;
import io.idempo.runtime.record.StoredRecord;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET .../idempotency/{key}}: the state of the caller's own key, for clients told "in progress":
 * {@code IN_PROGRESS}, {@code COMPLETED} (with {@code statusCode} when the idempotent method was a resource
 * method returning a {@code Response}; a service method's result has no HTTP status of its own) or
 * {@code UNKNOWN}. Keys are looked up in the caller's scope, so another principal's keys are never visible:
 * they are {@code UNKNOWN}. Off unless {@code idempo.status.enabled=true} (404 otherwise).
 */
@Path("idempotency")
@Produces(MediaType.APPLICATION_JSON)
public class IdempotencyStatusResource {

    @Inject
    IdempotencyBootstrap bootstrap;

    @Inject
    IdempotencyExtension extension;

    @Context
    SecurityContext security;

    @GET
    @Path("{key}")
    public Response status(@PathParam("key") String key) {
        if (!bootstrap.config().statusEnabled()) {
            return Response.status(Response.Status.NOT_FOUND).build();
        }
        if (bootstrap.config().keyPolicy().violation(key).isPresent()) {
            return Problem.KEY_INVALID.response("The key in the path is not a valid Idempotency-Key", List.of()).build();
        }
        Principal principal = security == null ? null : security.getUserPrincipal();
        String scope = principal == null ? "" : principal.getName();
        for (String action : extension.actions()) {
            String hash = new RecordKey(action, scope, key).hash();
            Optional<StoredRecord> record = bootstrap.records().find(
                    new JpaSqlExecutor(bootstrap.entityManager()), hash);
            if (record.isPresent() && record.get().status() != RecordStatus.IN_PROGRESS) {
                return Response.ok(state(key, "COMPLETED", action, record.get())).build();
            }
            if (bootstrap.claims().isHeld(hash)) {
                return Response.ok(state(key, "IN_PROGRESS", action, null)).build();
            }
        }
        return Response.ok(JSON.createObjectBuilder().add("key", key).add("state", "UNKNOWN").build()).build();
    }

    private static JsonObject state(String key, String state, String action, StoredRecord record) {
        var body = JSON.createObjectBuilder().add("key", key).add("state", state).add("action", action);
        if (record != null) {
            body.add("outcome", record.status().name())
                    .add("completedAt", record.updatedAt().toString())
                    .add("expiresAt", record.expiresAt().toString());
            StoredStatus.of(record.response()).ifPresent(status -> body.add("statusCode", status));
        }
        return body.build();
    }
}
