package io.idempo.example.provider;

/** An answer other than success, thrown where it is decided and written by the API: a code and a message. */
final class ApiError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ErrorCode code;

    ApiError(ErrorCode code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    ErrorCode code() {
        return code;
    }

    /** {@code {"error":{"code":"...","message":"..."}}} */
    String json() {
        return "{\"error\":{\"code\":" + JsonText.quote(code.code()) + ",\"message\":" + JsonText.quote(getMessage())
                + "}}";
    }
}
