package io.idempo.example.provider;

/**
 * Every error the API answers with, its HTTP status and the {@code code} of its body
 * ({@code {"error":{"code":"...","message":"..."}}}). The README's table lists them.
 */
enum ErrorCode {

    /** POST /v1/charges without an {@code Idempotency-Key} header. */
    IDEMPOTENCY_KEY_MISSING(400, "idempotency_key_missing"),
    /** A key that is empty, too long, of other characters than {@code [A-Za-z0-9_.:-]}, or sent twice. */
    IDEMPOTENCY_KEY_INVALID(400, "idempotency_key_invalid"),
    /** The body is not UTF-8, not JSON, or not a JSON object. */
    BODY_INVALID(400, "body_invalid"),
    /** The body is longer than the provider reads. */
    BODY_TOO_LARGE(413, "body_too_large"),
    /** A parameter the request needs is not there. */
    PARAMETER_MISSING(400, "parameter_missing"),
    /** A parameter the endpoint does not know. */
    PARAMETER_UNKNOWN(400, "parameter_unknown"),
    /** A parameter of the wrong type or out of range. */
    PARAMETER_INVALID(400, "parameter_invalid"),
    /** The key was used before with other parameters: keys are for one request. */
    IDEMPOTENCY_ERROR(422, "idempotency_error"),
    /** No charge has this id. */
    CHARGE_NOT_FOUND(404, "charge_not_found"),
    /** No endpoint at this path. */
    NOT_FOUND(404, "not_found"),
    /** The endpoint exists, not with this method. */
    METHOD_NOT_ALLOWED(405, "method_not_allowed"),
    /** The fault {@code fail-before}: the provider failed before charging, and stored nothing. */
    PROVIDER_UNAVAILABLE(503, "provider_unavailable"),
    /** A failure of the provider itself (its database, say); the log has the cause. */
    INTERNAL_ERROR(500, "internal_error");

    private final int status;
    private final String code;

    ErrorCode(int status, String code) {
        this.status = status;
        this.code = code;
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }
}
