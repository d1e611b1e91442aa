package io.idempo.example.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.idempo.example.e2e.ExampleApp;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.WildFlyServer;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue #10, Jakarta Messaging: the WAR with its JMS door on WildFly 39's full profile (embedded ActiveMQ Artemis),
 * PostgreSQL and Redis, demo faults on. A message-driven bean books each callback through {@code CallbackService}
 * in the container's transaction; the test sends messages through {@code POST /api/jms/payment-callbacks} and judges
 * by the database.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WildFlyJmsIT {

    @RegisterExtension
    static final WildFlyServer server = ExampleApp.onWildFlyFull(TestDatabase.postgresql()).withSharedRedis()
            .withEnv(ExampleApp.DEMO_FAULTS, "true");

    @Test
    @Order(1)
    void theMessageDrivenBeanListensOnTheApplicationsQueue() {
        assertFalse(server.logLines("WFLYSRV0025: WildFly 39.").isEmpty(), "not WildFly 39");
        assertFalse(server.logLines("WFLYSRV0010: Deployed \"ROOT.war\"").isEmpty(), "the WAR is not deployed");
        assertFalse(server.logLines("Started message driven bean 'CallbackMessageBean'").isEmpty(),
                "the message-driven bean did not start");
    }

    /** 100 events, each sent three times (three messages, as a provider's retries are): one entry each. */
    @Test
    @Order(2)
    void eachEventSentThreeTimesIsBookedOnce() throws Exception {
        int events = 100;
        Callbacks callbacks = Callbacks.forNewOrders("jms", server.client("alice"), 5);
        ExecutorService senders = Executors.newFixedThreadPool(4);
        try {
            List<Future<ApiResponse>> sent = new ArrayList<>();
            for (int copy = 0; copy < 3; copy++) {
                for (int i = 0; i < events; i++) {
                    String body = callbacks.json(i);
                    sent.add(senders.submit(() -> send(server.client("alice"), body, Map.of())));
                }
            }
            for (Future<ApiResponse> answer : sent) {
                assertEquals(202, answer.get().status(), answer.get().toString());
            }
        } finally {
            senders.shutdownNow();
        }
        // Every message ends in one committed outcome: a first run or a replay (one met "in progress" is redelivered).
        Callbacks.await(Duration.ofMinutes(2), "an outcome for every message",
                () -> outcomes(callbacks, "first") + outcomes(callbacks, "replayed") >= 3L * events);
        assertEquals(events, outcomes(callbacks, "first"), "one run per event");
        assertEquals(2L * events, outcomes(callbacks, "replayed"), "the copies replayed");
        callbacks.assertBookedOnceEach(server.database(), events);
        assertEquals(events, callbacks.records(server.database()));
    }

    /** The engine's outcome lines {@code outcome} for these callbacks. */
    private static long outcomes(Callbacks callbacks, String outcome) {
        return server.logLines("key=" + callbacks.channelTxnId(0).replaceAll("-0$", "-")).stream()
                .filter(line -> line.contains(" outcome=" + outcome + " ")).count();
    }

    /**
     * The first delivery books the callback and then rolls back ({@code demoFault=rollback-after-settle}): the
     * record and the entry roll back with the consumption, Artemis redelivers, the second delivery books it for
     * good. A later copy is replayed: one entry.
     */
    @Test
    @Order(3)
    void aDeliveryRolledBackAfterSettleIsRedeliveredAndBookedOnce() throws Exception {
        Callbacks callbacks = Callbacks.forNewOrders("jms-rollback", server.client("alice"), 1);
        ApiResponse sent = send(server.client("alice"), callbacks.json(0),
                Map.of("X-Demo-Fault", "rollback-after-settle"));
        assertEquals(202, sent.status(), sent.toString());
        String messageId = sent.header("X-Message-Id").orElseThrow();
        callbacks.awaitBooked(server.database(), 1, Duration.ofSeconds(60));
        server.awaitLogLines("demo fault: rolling back delivery 1 of message " + messageId, 1, Duration.ofSeconds(5));
        String key = "key=" + callbacks.channelTxnId(0) + ":SUCCESS request=" + messageId;
        assertEquals(2, server.logLines(key + " outcome=first").size(), "ran on both deliveries: the first rolled"
                + " back");
        ApiResponse again = send(server.client("bob"), callbacks.json(0), Map.of());
        String againId = again.header("X-Message-Id").orElseThrow();
        server.awaitLogLines("request=" + againId + " outcome=replayed", 1, Duration.ofSeconds(30));
        assertEquals(Map.of(callbacks.channelTxnId(0), 1), callbacks.ledger(server.database()));
        assertEquals(1, callbacks.records(server.database()));
    }

    /** Bodies that never bind go to the dead-letter queue with their code, at once, and store nothing. */
    @Test
    @Order(4)
    void bodiesThatNeverBindAreDeadLetteredWithTheirCode() throws Exception {
        Callbacks callbacks = Callbacks.forNewOrders("jms-poison", server.client("alice"), 1);
        Map<byte[], String> codes = Map.of("this is not JSON".getBytes(StandardCharsets.UTF_8), "BODY_UNBINDABLE",
                callbacks.json(1).replace(",\"status\":\"SUCCESS\"", "").getBytes(StandardCharsets.UTF_8),
                "BODY_UNBINDABLE", Callbacks.invalidUtf8(callbacks.json(2)), "BODY_NOT_UTF8");
        for (Map.Entry<byte[], String> poison : codes.entrySet()) {
            String messageId = send(server.client("alice"), poison.getKey(), Map.of()).header("X-Message-Id")
                    .orElseThrow();
            server.awaitLogLines("idempo dead-letter queue=paymentCallbacks consumer=payment-callbacks-jms"
                    + " message-id=" + messageId.replaceAll("[^A-Za-z0-9_.:-]", "?") + " code=" + poison.getValue(),
                    1, Duration.ofSeconds(30));
        }
        assertEquals(Map.of(), callbacks.ledger(server.database()));
        assertEquals(0, callbacks.records(server.database()));
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void reconciliationFindsNoMismatch() {
        Callbacks.assertReconciled(server.client("bob"));
    }

    private static ApiResponse send(ApiClient client, String body, Map<String, String> headers) {
        return send(client, body.getBytes(StandardCharsets.UTF_8), headers);
    }

    private static ApiResponse send(ApiClient client, byte[] body, Map<String, String> headers) {
        ApiClient sender = client;
        for (Map.Entry<String, String> header : headers.entrySet()) {
            sender = sender.header(header.getKey(), header.getValue());
        }
        return sender.post("/api/jms/payment-callbacks", HttpRequest.BodyPublishers.ofByteArray(body),
                "application/json", null);
    }
}
