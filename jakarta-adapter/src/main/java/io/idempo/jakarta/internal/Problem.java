package io.idempo.jakarta.internal;

import static io.idempo.jakarta.internal.JsonProcessing.JSON;

import io.idempo.jakarta.IdempotencyAdmin;
import io.idempo.runtime.IdempotencyContext;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * RFC 9457 problem details for the idempotency answers, the strict request bodies and the admin surface, each with
 * a stable {@code code} and {@code type}, and the request's id ({@code requestId}) when the request has one.
 * Messages never carry request values; a reused key names the differing fields only.
 */
enum Problem {
    KEY_MISSING(400, "Idempotency-Key missing",
            "This request changes state and needs an Idempotency-Key header: a unique value (a UUID fits) that the "
                    + "client keeps and sends again with every retry of the same request."),
    KEY_INVALID(400, "Idempotency-Key invalid", null),
    KEY_REPEATED(400, "Idempotency-Key repeated",
            "Send exactly one Idempotency-Key header."),
    KEY_REUSED(422, "Idempotency-Key reused",
            "This key was first used with other request parameters. Send a new key for a new request, or repeat "
                    + "the first request unchanged."),
    REQUEST_IN_PROGRESS(409, "Request in progress",
            "A request with this Idempotency-Key is still being processed. Retry the same request with the same key "
                    + "after Retry-After seconds to get its result."),
    NO_TRANSACTION(500, "No transaction", null),
    BODY_TOO_LARGE(413, "Request body too large", null),
    MALFORMED_BODY(400, "Malformed request body", null),
    ADMIN_UNAUTHENTICATED(401, "Authentication required",
            "The idempotency admin surface needs an authenticated caller in the role " + IdempotencyAdmin.ROLE
                    + "."),
    ADMIN_FORBIDDEN(403, "Not an idempotency administrator",
            "The idempotency admin surface is for callers in the role " + IdempotencyAdmin.ROLE + "."),
    ADMIN_BAD_REQUEST(400, "Invalid admin request", null),
    RECORD_NOT_FOUND(404, "No such record", null),
    RECORD_RUNNING(409, "Record in use by a running call",
            "A call still holds this key (IN_PROGRESS within its lease): it completes or fails on its own. Look it up"
                    + " again after its lease."),
    RECORD_BUSY(409, "Record locked",
            "Another transaction holds this key's record right now. Retry after Retry-After seconds."),
    CLAIM_STORE_UNAVAILABLE(503, "Claim store unavailable", null);

    private final int status;
    private final String title;
    private final String defaultDetail;

    Problem(int status, String title, String defaultDetail) {
        this.status = status;
        this.title = title;
        this.defaultDetail = defaultDetail;
    }

    /** {@code IDEMPOTENCY_KEY_MISSING}, ... */
    String code() {
        return "IDEMPOTENCY_" + name();
    }

    String type() {
        return "https://idempo.io/problems/" + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    int status() {
        return status;
    }

    /** A problem response; {@code detail} may be null for the default, {@code differingFields} empty. */
    Response.ResponseBuilder response(String detail, List<String> differingFields) {
        JsonObjectBuilder body = JSON.createObjectBuilder()
                .add("type", type())
                .add("title", title)
                .add("status", status)
                .add("detail", detail != null ? detail : defaultDetail != null ? defaultDetail : title)
                .add("code", code());
        IdempotencyContext.currentRequestId().ifPresent(id -> body.add("requestId", id));
        if (!differingFields.isEmpty()) {
            body.add("differingFields", JSON.createArrayBuilder(differingFields));
        }
        return Response.status(status).type("application/problem+json").entity(body.build());
    }
}
