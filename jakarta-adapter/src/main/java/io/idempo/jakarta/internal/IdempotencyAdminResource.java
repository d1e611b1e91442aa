package io.idempo.jakarta.internal;

import static io.idempo.jakarta.internal.JsonProcessing.JSON;

import io.idempo.jakarta.IdempotencyAdmin;
import io.idempo.plan.Rules;
import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.admin.ClaimStoreUnreachableException;
import io.idempo.runtime.admin.Invalidated;
import io.idempo.runtime.admin.Operator;
import io.idempo.runtime.admin.RecordAdministration;
import io.idempo.runtime.record.Invalidation;
import io.idempo.runtime.record.RecordBusyException;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The operator's surface over the records (see docs/operations.md), off unless {@code idempo.admin.enabled=true}
 * (404 otherwise), and only for authenticated callers in the role {@value IdempotencyAdmin#ROLE} (401 and 403
 * otherwise, each audited). The work is {@link RecordAdministration}'s; this class checks the caller and the parameters and turns
 * the results into JSON and problem documents.
 *
 * <ul>
 *   <li>{@code GET .../idempotency-admin/records/stuck?limit=100}: records IN_PROGRESS past their lease;</li>
 *   <li>{@code GET .../idempotency-admin/records/{action}/{key}?scope=alice}: one record, in any scope;</li>
 *   <li>{@code DELETE .../idempotency-admin/records/{action}/{key}?scope=alice}: invalidate it;</li>
 *   <li>{@code POST .../idempotency-admin/purge}: delete expired records now.</li>
 * </ul>
 */
@Path("idempotency-admin")
@Produces(MediaType.APPLICATION_JSON)
public class IdempotencyAdminResource {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;

    @Inject
    IdempotencyBootstrap bootstrap;

    @Context
    SecurityContext security;

    @GET
    @Path("records/stuck")
    public Response stuck(@QueryParam("limit") @DefaultValue("" + DEFAULT_LIMIT) String limit) {
        return asAdmin("list-stuck", (administration, operator) -> {
            int rows;
            try {
                rows = Integer.parseInt(limit);
            } catch (NumberFormatException e) {
                rows = -1;
            }
            if (rows < 1 || rows > MAX_LIMIT) {
                return badRequest(operator, "list-stuck", "limit must be a whole number from 1 to " + MAX_LIMIT
                        + ", not " + limit);
            }
            Instant now = Instant.now();
            JsonArrayBuilder records = JSON.createArrayBuilder();
            administration.stuck(operator, rows).forEach(record -> records.add(RecordJson.of(record, now)));
            return Response.ok(JSON.createObjectBuilder().add("limit", rows).add("records", records).build()).build();
        });
    }

    @GET
    @Path("records/{action}/{key}")
    public Response lookUp(@PathParam("action") String action, @PathParam("key") String key,
                           @QueryParam("scope") @DefaultValue("") String scope) {
        return asAdmin("look-up", (administration, operator) -> recordKey("look-up", operator, action, scope, key,
                recordKey -> administration.find(operator, recordKey)
                        .map(found -> Response.ok(RecordJson.of(found, Instant.now())).build())
                        .orElseGet(() -> notFound(recordKey, ""))));
    }

    @DELETE
    @Path("records/{action}/{key}")
    public Response invalidate(@PathParam("action") String action, @PathParam("key") String key,
                               @QueryParam("scope") @DefaultValue("") String scope) {
        return asAdmin("invalidate", (administration, operator) -> recordKey("invalidate", operator, action, scope,
                key, recordKey -> invalidated(administration, operator, recordKey)));
    }

    private Response invalidated(RecordAdministration administration, Operator operator, RecordKey key) {
        Invalidated done;
        try {
            done = administration.invalidate(operator, key);
            // The answer the edge replay keeps for the key (the scope is the principal of header-keyed calls).
            bootstrap.claims().forget(EdgeReplay.entryKey(key.scope(), key.clientKey()));
        } catch (RecordBusyException e) {
            return Problem.RECORD_BUSY.response(null, List.of()).header(HttpHeaders.RETRY_AFTER, 1).build();
        } catch (ClaimStoreUnreachableException e) {
            return Problem.CLAIM_STORE_UNAVAILABLE.response(e.getMessage(), List.of())
                    .header(HttpHeaders.RETRY_AFTER, 5).build();
        }
        if (done.record() == Invalidation.RUNNING) {
            return Problem.RECORD_RUNNING.response(null, List.of()).build();
        }
        if (done.record() == Invalidation.NOT_FOUND) {
            return notFound(key, done.claimStoreHeld() ? "; the claim store still held the key and has forgotten it"
                    : "");
        }
        return Response.ok(JSON.createObjectBuilder()
                .add("result", "INVALIDATED")
                .add("action", key.action())
                .add("scope", key.scope())
                .add("key", key.clientKey())
                .add("keyHash", key.hash())
                .add("claimStore", done.claimStoreHeld() ? "forgotten" : "empty")
                .build()).build();
    }

    @POST
    @Path("purge")
    public Response purge() {
        return asAdmin("purge", (administration, operator) -> Response.ok(JSON.createObjectBuilder()
                .add("deleted", administration.purgeExpired(operator)).build()).build());
    }

    /** An operation of an authenticated administrator, once the surface is on and the caller is checked. */
    @FunctionalInterface
    private interface AdminOperation {
        Response run(RecordAdministration administration, Operator operator);
    }

    private Response asAdmin(String operation, AdminOperation work) {
        if (!bootstrap.config().adminEnabled()) {
            return Response.status(Response.Status.NOT_FOUND).build();
        }
        Principal principal = security == null ? null : security.getUserPrincipal();
        Operator operator = new Operator(principal == null ? null : principal.getName(),
                IdempotencyContext.currentRequestId().orElse(null));
        if (principal == null) {
            RecordAdministration.refused(operator, operation, "not authenticated");
            return Problem.ADMIN_UNAUTHENTICATED.response(null, List.of()).build();
        }
        if (!security.isUserInRole(IdempotencyAdmin.ROLE)) {
            RecordAdministration.refused(operator, operation, "not in role " + IdempotencyAdmin.ROLE);
            return Problem.ADMIN_FORBIDDEN.response(null, List.of()).build();
        }
        return work.run(bootstrap.administration(), operator);
    }

    /** Runs {@code work} on the record's key from the path, or answers 400 naming what is wrong with it. */
    private Response recordKey(String operation, Operator operator, String action, String scope, String key,
                               Function<RecordKey, Response> work) {
        Optional<String> wrongAction = Rules.actionViolation(action);
        if (wrongAction.isPresent()) {
            return badRequest(operator, operation, "the action in the path " + wrongAction.get());
        }
        Optional<String> wrongKey = bootstrap.config().keyPolicy().violation(key);
        if (wrongKey.isPresent()) {
            return badRequest(operator, operation, "the key in the path " + wrongKey.get());
        }
        return work.apply(new RecordKey(action, scope, key));
    }

    private static Response badRequest(Operator operator, String operation, String why) {
        RecordAdministration.refused(operator, operation, why);
        return Problem.ADMIN_BAD_REQUEST.response(Character.toUpperCase(why.charAt(0)) + why.substring(1),
                List.of()).build();
    }

    private static Response notFound(RecordKey key, String more) {
        return Problem.RECORD_NOT_FOUND.response("No record for action " + key.action() + ", scope "
                + (key.scope().isEmpty() ? "(none)" : key.scope()) + ", key " + key.clientKey() + more, List.of())
                .build();
    }
}
