package io.idempo.example.faults;

import io.idempo.example.config.ExampleSettings;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.http.RawHttp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * One request of the bad-input corpus ({@link BadInputCorpusIT}) and the answer the docs promise for it: a status
 * and the problem it names ({@link #problemOf}). Every one of them must be refused before anything is stored.
 *
 * @param name     what is wrong with it
 * @param send     sends it as the given client
 * @param status   the documented status
 * @param problems the documented problems: one, or the alternatives the docs allow
 */
record BadInput(String name, Function<ApiClient, ApiResponse> send, int status, Set<String> problems) {

    /**
     * Payara's HTTP layer refuses header bytes outside visible ASCII and tab itself, with an empty 400, before the
     * application sees the request (docs/jakarta.md, the error table).
     */
    static final String REFUSED_BY_THE_SERVER = "(an empty 400 from the HTTP layer)";

    static final String ORDERS = "/api/orders";
    /** The limit of the example's bodies: the adapter's default {@code idempo.body.max-bytes} (docs/jakarta.md). */
    static final int MAX_BODY_BYTES = 1_048_576;
    /** The adapter's answers to a body it refuses ({@code idempo.body.strict=true}, docs/jakarta.md). */
    static final String MALFORMED_BODY = "IDEMPOTENCY_MALFORMED_BODY";
    static final String BODY_TOO_LARGE = "IDEMPOTENCY_BODY_TOO_LARGE";

    /** A valid order: whatever is wrong with a case is in its key or in its body alone. */
    static final String ORDER = "{\"productId\":930001,\"quantity\":1,\"amount\":100}";

    @Override
    public String toString() {
        return name;
    }

    /**
     * The documented name of a problem answer: its {@code code} (the library's problems), else its {@code type}
     * after {@code /problems/} (the example's own, such as {@code example/invalid-request}); for an empty answer,
     * {@link #REFUSED_BY_THE_SERVER}.
     */
    static String problemOf(ApiResponse answer) {
        if (answer.bodyBytes().length == 0) {
            return REFUSED_BY_THE_SERVER;
        }
        if (!answer.contentType().startsWith("application/problem+json")) {
            return "(not a problem: " + answer.contentType() + ")";
        }
        if (!answer.problemCode().isEmpty()) {
            return answer.problemCode();
        }
        String type = answer.json().path("type").asText();
        return type.substring(type.indexOf("/problems/") + "/problems/".length());
    }

    /** Bad {@code Idempotency-Key} headers on a valid order: all 400, checked before the body is bound. */
    static List<BadInput> keys() {
        List<BadInput> keys = new ArrayList<>();
        keys.add(key("no header", client -> client.post(ORDERS, ORDER), "IDEMPOTENCY_KEY_MISSING"));
        keys.add(key("empty", raw(""), "IDEMPOTENCY_KEY_MISSING"));
        keys.add(key("7 characters", sent("abc-123"), "IDEMPOTENCY_KEY_INVALID"));
        keys.add(key("256 characters", sent("k".repeat(256)), "IDEMPOTENCY_KEY_INVALID"));
        keys.add(key("a space inside", raw("abcd efgh"), "IDEMPOTENCY_KEY_INVALID"));
        keys.add(key("a tab inside", raw("abcd\tefgh"), "IDEMPOTENCY_KEY_INVALID"));
        keys.add(key("characters outside [A-Za-z0-9_.:-]", sent("order/2026?x=1&y=\"2\""),
                "IDEMPOTENCY_KEY_INVALID"));
        keys.add(key("two keys in one header", raw("key-one-1, key-two-2"), "IDEMPOTENCY_KEY_INVALID"));
        keys.add(key("two headers", client -> client.postRaw(ORDERS, ORDER,
                List.of(header(ApiClient.newKey()), header(ApiClient.newKey()))), "IDEMPOTENCY_KEY_REPEATED"));
        keys.add(key("two equal headers", client -> client.postRaw(ORDERS, ORDER,
                List.of(header("same-key-1"), header("same-key-1"))), "IDEMPOTENCY_KEY_REPEATED"));
        for (String control : List.of("00", "01", "1B", "7F")) {
            keys.add(key("control character 0x" + control, rawBytes("abcd", control, "efgh"),
                    "IDEMPOTENCY_KEY_INVALID", REFUSED_BY_THE_SERVER));
        }
        keys.add(key("non-ASCII (UTF-8 bytes)", raw("schl\u00fcssel-\u043a\u043b\u044e\u0447-\u9375"),
                "IDEMPOTENCY_KEY_INVALID", REFUSED_BY_THE_SERVER));
        keys.add(key("non-ASCII (one Latin-1 byte)", rawBytes("abcdefgh", "E9", ""),
                "IDEMPOTENCY_KEY_INVALID", REFUSED_BY_THE_SERVER));
        return keys;
    }

    /**
     * Bad bodies with a valid new key, to {@code POST /api/orders} and to the receipts of one order
     * ({@code receipts}, whose {@code email} is a free-text field).
     */
    static List<BadInput> bodies(String receipts) {
        List<BadInput> bodies = new ArrayList<>();
        bodies.add(body("empty", post(ORDERS, HttpRequest.BodyPublishers.noBody()), 400,
                "example/invalid-request"));
        bodies.add(body("not JSON", json(ORDERS, "productId=1&quantity=1"), 400, MALFORMED_BODY));
        bodies.add(body("JSON null", json(ORDERS, "null"), 400, MALFORMED_BODY));
        bodies.add(body("the order in an array", json(ORDERS, "[" + ORDER + "]"), 400, MALFORMED_BODY));
        bodies.add(body("two orders in an array", json(ORDERS, "[" + ORDER + "," + ORDER.replace("930001", "930004")
                + "]"), 400, MALFORMED_BODY));
        bodies.add(body("two orders one after the other", json(ORDERS, ORDER + ORDER), 400, MALFORMED_BODY));
        bodies.add(body("text after the order", json(ORDERS, ORDER + " please"), 400, MALFORMED_BODY));
        bodies.add(body("no fields", json(ORDERS, "{}"), 400, "example/invalid-request"));
        bodies.add(body("text/plain", post(ORDERS, HttpRequest.BodyPublishers.ofString(ORDER), "text/plain"), 415,
                "example/http-415"));
        bodies.add(body("a fraction for an integer (quantity 1.5)",
                json(ORDERS, "{\"productId\":930001,\"quantity\":1.5,\"amount\":100}"), 400, MALFORMED_BODY));
        bodies.add(body("an integer beyond its range (quantity 2^32 + 1)",
                json(ORDERS, "{\"productId\":930001,\"quantity\":4294967297,\"amount\":100}"), 400,
                MALFORMED_BODY));
        bodies.add(body("a number in quotes (productId \"930001\")",
                json(ORDERS, "{\"productId\":\"930001\",\"quantity\":1,\"amount\":100}"), 400,
                MALFORMED_BODY));
        bodies.add(body("not UTF-8 in a string (C3 28)", bytes(receipts, "{\"email\":\"a", "C328",
                "b@example.com\"}"), 400, MALFORMED_BODY));
        bodies.add(body("not UTF-8 in an unknown field (FF)", bytes(ORDERS, ORDER.replace("}", ",\"note\":\""),
                "FF", "\"}"), 400, MALFORMED_BODY));
        bodies.add(body("UTF-8 cut short after the JSON value (E2 82)", bytes(receipts, "{\"email\":\"a@b.c\"}  ",
                "E282", ""), 400, MALFORMED_BODY));
        bodies.add(body("a member twice (productId 930001, then 930005)", json(ORDERS,
                "{\"productId\":930001,\"productId\":930005,\"quantity\":1,\"amount\":100}"), 400, MALFORMED_BODY));
        bodies.add(body("a number for a text member (email 77)", json(receipts, "{\"email\":77}"), 400,
                MALFORMED_BODY));
        byte[] tenMebibytes = padded(10 * 1024 * 1024);
        bodies.add(body("10 MiB with Content-Length", post(ORDERS,
                HttpRequest.BodyPublishers.ofByteArray(tenMebibytes)), 413, BODY_TOO_LARGE));
        bodies.add(body("10 MiB chunked", post(ORDERS, HttpRequest.BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream(tenMebibytes))), 413, BODY_TOO_LARGE));
        byte[] justOver = padded(MAX_BODY_BYTES + 1);
        bodies.add(body("1 MiB + 1 byte chunked, the excess after the JSON value", post(ORDERS,
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(justOver))), 413,
                BODY_TOO_LARGE));
        return bodies;
    }

    private static BadInput key(String name, Function<ApiClient, ApiResponse> send, String... problems) {
        return new BadInput("key: " + name, send, 400, Set.of(problems));
    }

    private static BadInput body(String name, Function<ApiClient, ApiResponse> send, int status, String problem) {
        return new BadInput("body: " + name, send, status, Set.of(problem));
    }

    private static Function<ApiClient, ApiResponse> sent(String key) {
        return client -> client.post(ORDERS, ORDER, key);
    }

    /** The key header exactly as written, over a plain socket (java.net.http refuses such values). */
    private static Function<ApiClient, ApiResponse> raw(String key) {
        return client -> client.postRaw(ORDERS, ORDER, List.of(header(key)));
    }

    /** The key header as {@code before}, the bytes of {@code hex}, {@code after}. */
    private static Function<ApiClient, ApiResponse> rawBytes(String before, String hex, String after) {
        return client -> client.postRaw(ORDERS, ORDER, List.of(new RawHttp.Header(ApiClient.IDEMPOTENCY_KEY,
                concat(before, hex, after))));
    }

    private static RawHttp.Header header(String value) {
        return RawHttp.Header.of(ApiClient.IDEMPOTENCY_KEY, value);
    }

    private static Function<ApiClient, ApiResponse> json(String path, String json) {
        return post(path, HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
    }

    /** A JSON body of {@code before}, the bytes of {@code hex}, {@code after}: one that no Java string holds. */
    private static Function<ApiClient, ApiResponse> bytes(String path, String before, String hex, String after) {
        return post(path, HttpRequest.BodyPublishers.ofByteArray(concat(before, hex, after)));
    }

    private static Function<ApiClient, ApiResponse> post(String path, HttpRequest.BodyPublisher body) {
        return post(path, body, "application/json");
    }

    private static Function<ApiClient, ApiResponse> post(String path, HttpRequest.BodyPublisher body,
                                                        String contentType) {
        return client -> client.post(path, body, contentType, ApiClient.newKey());
    }

    /** A valid order followed by spaces, {@code size} bytes in all: too large only by its size. */
    private static byte[] padded(long size) {
        byte[] body = new byte[Math.toIntExact(size)];
        byte[] order = ORDER.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(order, 0, body, 0, order.length);
        Arrays.fill(body, order.length, body.length, (byte) ' ');
        return body;
    }

    /** {@code before} and {@code after} as UTF-8, with the bytes of {@code hex} between them. */
    private static byte[] concat(String before, String hex, String after) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(before.getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes(HexFormat.of().parseHex(hex));
        bytes.writeBytes(after.getBytes(StandardCharsets.UTF_8));
        return bytes.toByteArray();
    }
}
