package io.idempo.jakarta.internal;

import io.idempo.jakarta.IdempotencyHeaders;
import io.idempo.plan.Sha256;
import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.StoredOutcome;
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
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.lang.reflect.Method;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Principal;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * Replay at the edge: a completed duplicate whose body is byte for byte the first call's (the usual retry) is
 * answered from the first call's stored HTTP answer before its body is bound and before the resource runs: one
 * claim-store read, no JSON binding or encoding, no service call, no database. Any other duplicate (another body,
 * another route, no stored answer yet, the claim store down) goes the usual way, where the engine decides. Only the
 * requests of resource methods in which an idempotent call has decided a request since the start are looked up: a
 * route without idempotent calls pays no claim-store read for the key it ignores, and a route's first duplicates on
 * a node that has not served it yet are replayed by the engine.
 *
 * <p>The stored answer is kept per principal and {@code Idempotency-Key} (never shared between principals) and holds
 * the method, the route and the body it answers: anything else is not its duplicate. It is written once the first
 * call's transaction committed and its answer was sent (off the request thread with Redis), for the first call's
 * TTL. Only first calls with a 2xx answer are stored, and only when exactly one idempotent call decided the request.
 * {@code idempo.edge-replay.enabled=false} turns it off.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 200)
public class EdgeReplay implements ContainerRequestFilter, ContainerResponseFilter {

    private static final System.Logger LOG = System.getLogger(EdgeReplay.class.getName());
    private static final String PENDING = EdgeReplay.class.getName() + ".pending";
    /** A pseudo-action no real action can be (Rules forbid parentheses): edge entries never meet records' keys. */
    private static final String EDGE_ACTION = "(http-edge)";
    /** Bodies up to this size are compared when strict bodies (and their own limit) are off. */
    private static final int DEFAULT_MAX_BODY_BYTES = 1 << 20;

    @Inject
    IdempotencyBootstrap bootstrap;

    @Context
    ResourceInfo resourceInfo;

    /** What the request filter found for a request that may become a stored answer. */
    private record Pending(String entryKey, String request, long started) {
    }

    /** The claim-store key of the stored answers of {@code principal}'s {@code Idempotency-Key}. */
    static String entryKey(String principal, String clientKey) {
        return new RecordKey(EDGE_ACTION, principal == null ? "" : principal, clientKey).hash();
    }

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        if (!bootstrap.config().edgeReplayEnabled() || request.getProperty(IdempotencyKeyFilter.SCOPE) == null) {
            return; // a safe method, a request without a key, or one the key filter refused
        }
        long started = System.nanoTime();
        String clientKey = request.getHeaderString(IdempotencyHeaders.IDEMPOTENCY_KEY);
        if (clientKey == null) {
            return;
        }
        int limit = bootstrap.config().strictBodies().map(StrictBodies::maxBytes).orElse(DEFAULT_MAX_BODY_BYTES);
        InputStream entity = request.getEntityStream();
        byte[] body = entity.readNBytes(limit + 1);
        if (body.length > limit) { // too large to compare: the usual path (and its size limit) deals with it
            request.setEntityStream(new SequenceInputStream(new ByteArrayInputStream(body), entity));
            return;
        }
        request.setEntityStream(new ByteArrayInputStream(body));
        String entryKey = entryKey(principal(request), clientKey);
        String digest = requestDigest(request, body);
        Method route = resourceInfo.getResourceMethod();
        Optional<CompletedCall> stored = route != null && bootstrap.idempotentRoutes().contains(route)
                ? bootstrap.claims().completed(entryKey) : Optional.empty();
        if (stored.isPresent() && stored.get().fingerprint().equals(digest)) {
            EdgeAnswer answer = EdgeAnswer.decode(stored.get().outcome().payload());
            request.abortWith(answer.response());
            bootstrap.engine().replayedAtTheEdge(answer.key(), System.nanoTime() - started);
            return;
        }
        request.setProperty(PENDING, new Pending(entryKey, digest, started));
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!(request.getProperty(PENDING) instanceof Pending pending)
                || !(request.getProperty(IdempotencyKeyFilter.SCOPE) instanceof IdempotencyContext.Scope scope)) {
            return;
        }
        Method route = resourceInfo.getResourceMethod();
        if (scope.decision().isPresent() && route != null) {
            bootstrap.idempotentRoutes().add(route);
        }
        if (response.getStatusInfo().getFamily() != jakarta.ws.rs.core.Response.Status.Family.SUCCESSFUL) {
            return;
        }
        Optional<IdempotencyContext.Decision> decision = scope.decision()
                .filter(decided -> decided.outcome() == CallOutcome.FIRST);
        if (decision.isEmpty()) {
            return;
        }
        int status = response.getStatus();
        var headers = response.getStringHeaders();
        if (!response.hasEntity()) {
            storeWhenCommitted(pending, decision.get(), EdgeAnswer.of(decision.get().key(), status, headers,
                    new byte[0]));
            return;
        }
        int limit = bootstrap.config().strictBodies().map(StrictBodies::maxBytes).orElse(DEFAULT_MAX_BODY_BYTES);
        response.setEntityStream(new CapturedStream(response.getEntityStream(), limit, body -> storeWhenCommitted(
                pending, decision.get(), EdgeAnswer.of(decision.get().key(), status, headers, body))));
    }

    /**
     * Once the first call's transaction committed. A remote claim store writes it off the request thread, with the
     * engine's outcomes ({@code WriteBehindCompletions}); a write that fails costs speed only.
     */
    private void storeWhenCommitted(Pending pending, IdempotencyContext.Decision decision, EdgeAnswer answer) {
        ClaimStore claims = bootstrap.claims();
        Duration ttl = decision.ttl().minusNanos(System.nanoTime() - pending.started());
        decision.committed().thenAccept(committed -> {
            if (committed && !ttl.isNegative()) {
                try {
                    claims.complete(pending.entryKey(), new CompletedCall(pending.request(), Map.of(),
                            new StoredOutcome(StoredOutcome.Kind.RESULT, answer.encode())), ttl);
                } catch (RuntimeException e) {
                    LOG.log(Level.DEBUG, "idempo could not store an answer for the edge replay", e);
                }
            }
        });
    }

    /** SHA-256 over the method, the path with its query and the body: what a duplicate must repeat exactly. */
    private static String requestDigest(ContainerRequestContext request, byte[] body) {
        MessageDigest sha = Sha256.newDigest();
        sha.update((request.getMethod() + " " + request.getUriInfo().getRequestUri().getRawPath() + "?"
                + request.getUriInfo().getRequestUri().getRawQuery() + "\n").getBytes(StandardCharsets.UTF_8));
        sha.update(body);
        return HexFormat.of().formatHex(sha.digest());
    }

    private static String principal(ContainerRequestContext request) {
        Principal principal = request.getSecurityContext() == null ? null
                : request.getSecurityContext().getUserPrincipal();
        return principal == null ? null : principal.getName();
    }
}
