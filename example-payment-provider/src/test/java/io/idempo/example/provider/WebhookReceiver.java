package io.idempo.example.provider;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The shop's callback endpoint as the provider sees it: an HTTP server on the loopback address that records every
 * webhook and answers the first {@code failures} with 503, the others 200.
 */
final class WebhookReceiver implements AutoCloseable {

    static final String PATH = "/api/payment-callbacks";

    /** One webhook as it arrived, and the status it was answered. */
    record Received(String body, String authorization, String contentType, int status) {
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(4);
    private final AtomicInteger failuresLeft;
    private final List<Received> received = new CopyOnWriteArrayList<>();

    private WebhookReceiver(int port, int failures) throws IOException {
        failuresLeft = new AtomicInteger(failures);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        server.setExecutor(threads);
        server.createContext(PATH, this::receive);
        server.start();
    }

    /** A receiver on a free port that answers the first {@code failures} webhooks 503. */
    static WebhookReceiver failingFirst(int failures) throws IOException {
        return new WebhookReceiver(0, failures);
    }

    /** A receiver on {@code port} (where one that was down comes up) that answers every webhook 200. */
    static WebhookReceiver on(int port) throws IOException {
        return new WebhookReceiver(port, 0);
    }

    /** The callback URL of a receiver on {@code port}, with {@code userInfo} ({@code user:password}) in it. */
    static String url(String userInfo, int port) {
        return "http://" + userInfo + "@127.0.0.1:" + port + PATH;
    }

    String url(String userInfo) {
        return url(userInfo, server.getAddress().getPort());
    }

    /** Every webhook received, answered 2xx or not, in order. */
    List<Received> received() {
        return List.copyOf(received);
    }

    /** The webhooks answered 200, once there are {@code count} of them (within 20 s). */
    List<Received> awaitAccepted(int count) {
        Eventually.until(() -> accepted().size() >= count, Duration.ofSeconds(20),
                () -> count + " webhooks answered 200; received " + received);
        return accepted();
    }

    List<Received> accepted() {
        return received.stream().filter(webhook -> webhook.status() == 200).toList();
    }

    private void receive(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        int status = failuresLeft.getAndDecrement() > 0 ? 503 : 200;
        received.add(new Received(body, exchange.getRequestHeaders().getFirst("Authorization"),
                exchange.getRequestHeaders().getFirst("Content-Type"), status));
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
