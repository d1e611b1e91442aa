package io.idempo.example.provider;

import java.util.List;

/**
 * The client's key of one charge: 1 to {@value #MAX_LENGTH} characters of {@code [A-Za-z0-9_.:-]}, compared exactly
 * (case included). Keys are kept as long as the charges (never pruned).
 */
record IdempotencyKey(String value) {

    static final String HEADER = "Idempotency-Key";
    static final int MAX_LENGTH = 255;
    static final String RULE = "1 to " + MAX_LENGTH + " characters of [A-Za-z0-9_.:-]";

    /** The key of a request whose {@code Idempotency-Key} header has {@code values} (null: no such header). */
    static IdempotencyKey fromHeader(List<String> values) {
        if (values == null || values.isEmpty()) {
            throw new ApiError(ErrorCode.IDEMPOTENCY_KEY_MISSING,
                    "POST /v1/charges needs an Idempotency-Key header: " + RULE + ", one per charge");
        }
        if (values.size() > 1) {
            throw new ApiError(ErrorCode.IDEMPOTENCY_KEY_INVALID, "The Idempotency-Key header is sent "
                    + values.size() + " times; send it once");
        }
        return parse(values.get(0), "The Idempotency-Key header");
    }

    /** {@code value} as a key; {@code what} names where it came from in the error. */
    static IdempotencyKey parse(String value, String what) {
        if (value.isEmpty() || value.length() > MAX_LENGTH) {
            throw new ApiError(ErrorCode.IDEMPOTENCY_KEY_INVALID, what + " has " + value.length()
                    + " characters; a key is " + RULE);
        }
        for (int i = 0; i < value.length(); i++) {
            if (!allowed(value.charAt(i))) {
                throw new ApiError(ErrorCode.IDEMPOTENCY_KEY_INVALID, what + " has a character other than"
                        + " [A-Za-z0-9_.:-] at position " + (i + 1) + "; a key is " + RULE);
            }
        }
        return new IdempotencyKey(value);
    }

    private static boolean allowed(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.'
                || c == ':' || c == '-';
    }

    @Override
    public String toString() {
        return value;
    }
}
