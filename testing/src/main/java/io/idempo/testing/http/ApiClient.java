package io.idempo.testing.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A small HTTP client for an application's API (java.net.http): HTTP Basic as one of its users (or none), JSON
 * bodies, and idempo's {@code Idempotency-Key} header. Immutable: {@link #header} returns a client that adds a
 * header to every request, such as a fault switch of the application.
 *
 * <pre>{@code
 * ApiClient alice = server.client("alice");
 * ApiResponse created = alice.post("/api/orders", "{\"productId\":1001,\"quantity\":2,\"amount\":19900}", key);
 * }</pre>
 */
public final class ApiClient {

    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .build();

    private final URI base;
    private final String authorization;
    private final Map<String, String> headers;
    private final Duration timeout;

    /** A client of the application at {@code base}, as {@code user} with HTTP Basic ({@code null}: anonymous). */
    public static ApiClient at(URI base, String user, String password) {
        return new ApiClient(base, user == null ? null : "Basic " + Base64.getEncoder().encodeToString(
                (user + ":" + password).getBytes(StandardCharsets.UTF_8)), Map.of(), Duration.ofSeconds(60));
    }

    private ApiClient(URI base, String authorization, Map<String, String> headers, Duration timeout) {
        this.base = base;
        this.authorization = authorization;
        this.headers = Map.copyOf(headers);
        this.timeout = timeout;
    }

    /** A fresh, valid idempotency key. */
    public static String newKey() {
        return "k-" + UUID.randomUUID();
    }

    /** This client, adding {@code name: value} to every request. */
    public ApiClient header(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ApiClient(base, authorization, more, timeout);
    }

    public ApiResponse get(String path) {
        return send("GET", path, null, null);
    }

    /** POST without an idempotency key. */
    public ApiResponse post(String path, String json) {
        return send("POST", path, json, null);
    }

    /** POST with {@code Idempotency-Key: key}. */
    public ApiResponse post(String path, String json, String key) {
        return send("POST", path, json, key);
    }

    /**
     * A POST with a JSON body over a plain socket ({@link RawHttp}), with this client's credentials and headers
     * followed by {@code extra} exactly as given: for header values that java.net.http refuses to send (raw
     * non-ASCII bytes, control characters, empty values) and for a header sent twice.
     */
    public ApiResponse postRaw(String path, String json, List<RawHttp.Header> extra) {
        List<RawHttp.Header> all = new ArrayList<>();
        all.add(RawHttp.Header.of("Accept", "application/json, application/problem+json"));
        all.add(RawHttp.Header.of("Content-Type", "application/json"));
        if (authorization != null) {
            all.add(RawHttp.Header.of("Authorization", authorization));
        }
        headers.forEach((name, value) -> all.add(RawHttp.Header.of(name, value)));
        all.addAll(extra);
        return RawHttp.send(base, "POST", path, all, json);
    }

    /** Any request; {@code json} and {@code key} may be null. */
    public ApiResponse send(String method, String path, String json, String key) {
        return send(method, path, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8),
                json == null ? null : "application/json", key);
    }

    /**
     * A POST whose body is sent exactly as {@code body} publishes it, with {@code Content-Type: contentType}: bytes
     * that are not UTF-8 ({@code ofByteArray}), a body without a length, sent chunked ({@code ofInputStream}), an
     * empty one ({@code noBody}). {@code key} may be null.
     */
    public ApiResponse post(String path, HttpRequest.BodyPublisher body, String contentType, String key) {
        return send("POST", path, body, contentType, key);
    }

    private ApiResponse send(String method, String path, HttpRequest.BodyPublisher body, String contentType,
                             String key) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(timeout)
                .header("Accept", "application/json, application/problem+json")
                .method(method, body);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (key != null) {
            request.header(IDEMPOTENCY_KEY, key);
        }
        headers.forEach(request::header);
        try {
            return new ApiResponse(HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray()));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted during " + method + " " + path, e);
        }
    }
}
