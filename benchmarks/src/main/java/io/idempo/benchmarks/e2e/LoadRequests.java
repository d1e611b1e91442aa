package io.idempo.benchmarks.e2e;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** What every request of the benchmark carries: the demo user alice's credentials and an order body. */
final class LoadRequests {

    static final String USER = "alice";
    /** The demo users' passwords are their names. */
    static final String PASSWORD = "alice";

    /** The Authorization header of every request the benchmark sends. */
    static final String AUTHORIZATION = "Basic "
            + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.US_ASCII));

    private LoadRequests() {
    }

    /**
     * The head of a raw HTTP/1.1 POST to {@code path}, up to the headers of its own (Idempotency-Key,
     * Content-Length): the request line, Host, Authorization and Content-Type, each line ended.
     */
    static String head(URI base, String path) {
        return "POST " + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                + "\r\nAuthorization: " + AUTHORIZATION + "\r\nContent-Type: application/json\r\n";
    }

    /** The body of an order of product {@code number % 1000 + 1}, as the wrk script writes it. */
    static String orderBody(long number, long amount) {
        return "{\"productId\":" + (number % 1000 + 1) + ",\"quantity\":1,\"amount\":" + amount + "}";
    }
}
