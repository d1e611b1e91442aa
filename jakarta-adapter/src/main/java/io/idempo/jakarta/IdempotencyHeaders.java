package io.idempo.jakarta;

/** The HTTP header names of the idempotency contract (draft-ietf-httpapi-idempotency-key-header, Stripe). */
public final class IdempotencyHeaders {

    /** The client's key for a non-safe request. */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    /** Set to {@code true} on a response that replays the first call's outcome. */
    public static final String REPLAYED = "Idempotent-Replayed";

    /** {@code Prefer: wait=N} (RFC 7240): wait up to N seconds for an in-flight first call. */
    public static final String PREFER = "Prefer";

    /**
     * The request's id, taken from the request when it is valid (visible ASCII, at most 128 characters) or made
     * here, and echoed on every answer: it names the request in the outcome line and in problem documents.
     */
    public static final String REQUEST_ID = "X-Request-Id";

    private IdempotencyHeaders() {
    }
}
