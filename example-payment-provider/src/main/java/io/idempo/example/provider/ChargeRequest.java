package io.idempo.example.provider;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * The body of {@code POST /v1/charges}: {@code {"orderId":n,"amount":n}}, both whole numbers from 1 to 2^63-1,
 * nothing else. The key's first request fixes them: the same key later must come with the same two.
 */
record ChargeRequest(long orderId, long amount) {

    /** Longer bodies are refused unread (413): the one valid shape is some 50 bytes. */
    static final int MAX_BODY_BYTES = 4096;

    private static final String SHAPE = "{\"orderId\":n,\"amount\":n}";
    private static final Set<String> PARAMETERS = Set.of("orderId", "amount");

    /** The request in {@code body}, or the {@link ApiError} that says what is wrong with it. */
    static ChargeRequest read(byte[] body) {
        Object json;
        try {
            json = JsonReader.read(utf8(body));
        } catch (JsonReader.MalformedJsonException e) {
            throw new ApiError(ErrorCode.BODY_INVALID, "The body is not JSON (" + e.getMessage() + "); send "
                    + SHAPE);
        }
        if (!(json instanceof Map<?, ?> members)) {
            throw new ApiError(ErrorCode.BODY_INVALID, "The body must be a JSON object " + SHAPE);
        }
        for (Object name : members.keySet()) {
            if (!PARAMETERS.contains(name)) {
                throw new ApiError(ErrorCode.PARAMETER_UNKNOWN, "Unknown parameter \"" + name
                        + "\": a charge takes orderId and amount only");
            }
        }
        return new ChargeRequest(positiveWholeNumber(members, "orderId"), positiveWholeNumber(members, "amount"));
    }

    /** Whether {@code charge} was made with these parameters. */
    boolean matches(Charge charge) {
        return charge.orderId() == orderId && charge.amount() == amount;
    }

    private static String utf8(byte[] body) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw new ApiError(ErrorCode.BODY_INVALID, "The body is not UTF-8; send " + SHAPE);
        }
    }

    private static long positiveWholeNumber(Map<?, ?> members, String name) {
        if (!members.containsKey(name)) {
            throw new ApiError(ErrorCode.PARAMETER_MISSING, "Missing parameter " + name + ": send " + SHAPE);
        }
        String invalid = name + " must be a whole number" + (name.equals("amount") ? " of minor units (cents)" : "")
                + " from 1 to " + Long.MAX_VALUE;
        if (!(members.get(name) instanceof JsonReader.Number number) || !number.text().matches("[1-9][0-9]{0,18}")) {
            throw new ApiError(ErrorCode.PARAMETER_INVALID, invalid + ", not " + describe(members.get(name)));
        }
        try {
            return Long.parseLong(number.text());
        } catch (NumberFormatException tooLarge) {
            throw new ApiError(ErrorCode.PARAMETER_INVALID, invalid + ", not " + number.text());
        }
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof JsonReader.Number number) {
            return number.text();
        }
        if (value instanceof String) {
            return "a string";
        }
        if (value instanceof Boolean) {
            return value.toString();
        }
        return value instanceof Map ? "an object" : "an array";
    }
}
