package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/** Single requests to the app, as the demo user alice: the readiness probe and the priming of keys. */
final class HttpCalls {

    /** The Authorization header of every request the benchmark sends. */
    static final String AUTHORIZATION = "Basic "
            + Base64.getEncoder().encodeToString("alice:alice".getBytes(StandardCharsets.US_ASCII));

    private final URI base;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    HttpCalls(URI base) {
        this.base = base;
    }

    /** The body of an order of product {@code number % 1000 + 1}, as the wrk script writes it. */
    static String orderBody(long number, long amount) {
        return "{\"productId\":" + (number % 1000 + 1) + ",\"quantity\":1,\"amount\":" + amount + "}";
    }

    /** POSTs {@code body} to {@code path} with {@code key}; the answer's status. */
    int post(String path, String key, String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", AUTHORIZATION)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** Whether a POST to {@code path} is answered 201 (the app is deployed, its tables exist). */
    boolean isUp(String path) throws InterruptedException {
        try {
            return post(path, "readiness-probe-" + System.nanoTime(), orderBody(0, 1)) == 201;
        } catch (IOException notYet) {
            return false;
        }
    }
}
