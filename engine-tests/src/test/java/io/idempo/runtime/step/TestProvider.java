package io.idempo.runtime.step;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A payment provider over real HTTP (the JDK's server on a free loopback port) that honours idempotency keys as
 * Stripe does: {@code POST /v1/charges} with {@code Idempotency-Key} and {@code amount=<n>} charges once per key and
 * answers every repeat with the same charge (422 for the same key with another amount). It keeps every request it was
 * sent, and its faults are switched by the test: fail before charging (500), or charge and then lose the answer (500).
 * The step's effect that must happen once is its ledger, {@link #charges()}.
 */
final class TestProvider implements AutoCloseable {

    /** One charge of the ledger. */
    record Charge(String id, String idempotencyKey, long amount) {
    }

    private static final Pattern AMOUNT = Pattern.compile("amount=(\\d+)");

    private final HttpServer server;
    private final Map<String, Charge> chargesByKey = new LinkedHashMap<>();
    private final List<String> requestKeys = new CopyOnWriteArrayList<>();
    private final AtomicInteger failBeforeCharging = new AtomicInteger();
    private final AtomicInteger loseAnswerAfterCharging = new AtomicInteger();

    TestProvider() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/v1/charges", this::charge);
        server.start();
    }

    /** {@code http://127.0.0.1:<port>}. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The next {@code count} requests fail with 500 before charging. */
    void failBeforeCharging(int count) {
        failBeforeCharging.set(count);
    }

    /** The next {@code count} requests charge, then answer 500: the caller cannot know that it was charged. */
    void loseAnswerAfterCharging(int count) {
        loseAnswerAfterCharging.set(count);
    }

    /** The ledger: one charge per key ever charged. */
    synchronized List<Charge> charges() {
        return new ArrayList<>(chargesByKey.values());
    }

    /** The idempotency key of every request, in the order they arrived. */
    List<String> requestKeys() {
        return List.copyOf(requestKeys);
    }

    private void charge(HttpExchange exchange) throws IOException {
        try (exchange) {
            String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Matcher amount = AMOUNT.matcher(body);
            if (!"POST".equals(exchange.getRequestMethod()) || key == null || !amount.find()) {
                answer(exchange, 400, "{\"error\":\"POST with Idempotency-Key and amount=<n>\"}");
                return;
            }
            requestKeys.add(key);
            if (decrementIfPositive(failBeforeCharging)) {
                answer(exchange, 500, "{\"error\":\"unavailable\"}");
                return;
            }
            long requested = Long.parseLong(amount.group(1));
            Charge charge;
            synchronized (this) {
                charge = chargesByKey.computeIfAbsent(key, k -> new Charge("ch_" + (chargesByKey.size() + 1), k,
                        requested));
            }
            if (charge.amount() != requested) {
                answer(exchange, 422, "{\"error\":\"idempotency key reused with another amount\"}");
                return;
            }
            if (decrementIfPositive(loseAnswerAfterCharging)) {
                answer(exchange, 500, "{\"error\":\"lost\"}");
                return;
            }
            answer(exchange, 200, "{\"id\":\"" + charge.id() + "\",\"amount\":" + charge.amount() + "}");
        }
    }

    private static boolean decrementIfPositive(AtomicInteger counter) {
        return counter.getAndUpdate(value -> value > 0 ? value - 1 : 0) > 0;
    }

    private static void answer(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
