package io.idempo.benchmarks.e2e;

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

    /** The body of an order of product {@code number % 1000 + 1}, as the wrk script writes it. */
    static String orderBody(long number, long amount) {
        return "{\"productId\":" + (number % 1000 + 1) + ",\"quantity\":1,\"amount\":" + amount + "}";
    }
}
