package io.idempo.testing.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An HTTP answer of the app: status, headers and body (the exact bytes, and as UTF-8 text), with the body as JSON
 * on demand. It comes from {@link ApiClient} (java.net.http) or from {@link RawHttp} (a plain socket, for requests
 * that java.net.http refuses to send).
 */
public final class ApiResponse {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String request;
    private final int status;
    /** Header names lower-cased. */
    private final Map<String, List<String>> headers;
    private final byte[] body;

    ApiResponse(HttpResponse<byte[]> response) {
        this(response.request().method() + " " + response.uri(), response.statusCode(),
                response.headers().map(), response.body());
    }

    ApiResponse(String request, int status, Map<String, List<String>> headers, byte[] body) {
        this.request = request;
        this.status = status;
        Map<String, List<String>> lowered = new TreeMap<>();
        headers.forEach((name, values) -> lowered.computeIfAbsent(name.toLowerCase(Locale.ROOT),
                n -> new java.util.ArrayList<>()).addAll(values));
        lowered.replaceAll((name, values) -> List.copyOf(values));
        this.headers = Map.copyOf(lowered);
        this.body = body == null ? new byte[0] : body.clone();
    }

    public int status() {
        return status;
    }

    /** The body as UTF-8 text. */
    public String body() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The body exactly as it arrived. */
    public byte[] bodyBytes() {
        return body.clone();
    }

    /** The body parsed as JSON. */
    public JsonNode json() {
        try {
            return JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException("Not JSON (" + status() + "): " + body(), e);
        }
    }

    /** The first value of a header, if present. */
    public Optional<String> header(String name) {
        return headers(name).stream().findFirst();
    }

    /** Every value of a header, in order. */
    public List<String> headers(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    public String contentType() {
        return header("Content-Type").orElse("");
    }

    /** The {@code code} of a problem+json answer, or "" when the answer is not one. */
    public String problemCode() {
        if (!contentType().startsWith("application/problem+json")) {
            return "";
        }
        JsonNode code = json().get("code");
        return code == null ? "" : code.asText();
    }

    @Override
    public String toString() {
        return request + " -> " + status() + " " + headers + " " + body();
    }
}
