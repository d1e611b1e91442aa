package io.idempo.example.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.rabbitmq.client.GetResponse;
import io.idempo.example.e2e.ExampleApp;
import io.idempo.example.messaging.CallbackQueues.Message;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.PayaraMicroServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue #10: the payment callbacks arrive through RabbitMQ ({@code RABBITMQ_URL}, queue {@code payment.callbacks})
 * as well as over HTTP, and each event is booked once, whatever the broker, the network or the server does. One
 * Payara Micro on MariaDB with Redis and the local RabbitMQ, demo faults on; judged by the database (ledger entries
 * and records per event), not by answers.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RabbitCallbacksIT {

    private static final TestSchema DATABASE = TestDatabase.mariadb().freshSchema();

    @RegisterExtension
    @Order(1)
    static final CallbackQueues queues = new CallbackQueues();

    @RegisterExtension
    @Order(2)
    static final PayaraMicroServer server = ExampleApp.onPayara().on(DATABASE).withSharedRedis()
            .withEnv(ExampleApp.DEMO_FAULTS, "true").withEnv(ExampleApp.RABBITMQ_URL, queues.url());

    @Test
    @Order(1)
    void theConsumerDeclaresTheQueuesAndSaysSo() throws Exception {
        assertFalse(server.logLines("idempo example: consuming payment callbacks (queue payment.callbacks, dead letters"
                + " to payment.callbacks.dead) from RabbitMQ at amqp://guest:***@127.0.0.1:5672/ (RABBITMQ_URL)")
                .isEmpty(), "the start-up line, password masked");
        assertEquals(0, queues.ready(CallbackQueues.QUEUE), "declared by the app");
        assertEquals(0, queues.ready(CallbackQueues.DEAD_LETTERS), "declared by the app");
    }

    /**
     * 1,000 events, each published three times with the same body and its own delivery id, in shuffled order, and
     * 100 of them also posted over HTTP meanwhile (retried after a 409 while a delivery of the same event is being
     * booked, as a provider retries): one ledger entry and one record per event, a clean reconciliation.
     */
    @Test
    @Order(2)
    void aThousandEventsThreeTimesOverTheQueueAndSomeOverHttpAreBookedOnceEach() throws Exception {
        int events = 1000;
        Callbacks callbacks = Callbacks.forNewOrders("thrice", server.client("alice"), 10);
        List<Message> messages = callbacks.deliveries(events, 3, 10);
        ExecutorService providers = Executors.newFixedThreadPool(4);
        try {
            List<Future<ApiResponse>> overHttp = new ArrayList<>();
            for (int i = 0; i < events; i += 10) {
                String body = callbacks.json(i);
                overHttp.add(providers.submit(() -> postUntilAnswered(server.client("bob"), body)));
            }
            for (int from = 0; from < messages.size(); from += 500) {
                queues.publish(messages.subList(from, Math.min(messages.size(), from + 500)));
            }
            Map<Integer, Integer> statuses = new TreeMap<>();
            for (Future<ApiResponse> answer : overHttp) {
                statuses.merge(answer.get().status(), 1, Integer::sum);
            }
            assertEquals(Map.of(200, 100), statuses, "every HTTP callback answered with its ledger entry");
        } finally {
            providers.shutdownNow();
        }
        callbacks.awaitBooked(DATABASE, events, Duration.ofMinutes(3));
        queues.awaitDrained(Duration.ofMinutes(2));
        callbacks.assertBookedOnceEach(DATABASE, events);
        assertEquals(events, callbacks.records(DATABASE), "one record per event");
        assertEquals(0, queues.ready(CallbackQueues.DEAD_LETTERS), "nothing dead-lettered");
        JsonNode report = Callbacks.assertReconciled(server.client("alice"));
        assertTrue(report.get("ledgerEntries").asLong() >= events, report.toString());
        System.out.printf("[messaging] %d events x 3 deliveries + 100 over HTTP: %d ledger entries, %s%n", events,
                callbacks.ledger(DATABASE).size(), report);
    }

    /**
     * Messages that can never be booked end in {@code payment.callbacks.dead} with their code, store nothing, and
     * do not hold the queue up (an amount sent as a string is one: the body binds as strictly as over HTTP): callbacks published after them are booked while the one whose handler always fails
     * is still being retried.
     */
    @Test
    @Order(3)
    void poisonMessagesAreDeadLetteredWithTheirCodeAndTheQueueKeepsFlowing() throws Exception {
        Callbacks callbacks = Callbacks.forNewOrders("poison", server.client("alice"), 1);
        Map<String, Message> poisons = new LinkedHashMap<>();
        poisons.put("BODY_UNBINDABLE not JSON", Message.json("this is not JSON"));
        poisons.put("BODY_UNBINDABLE missing field", Message.json(callbacks.json(1).replace(",\"status\":\"SUCCESS\"",
                "")));
        poisons.put("BODY_UNBINDABLE wrong type", Message.json(callbacks.json(2).replace("\"amount\":19900",
                "\"amount\":{\"value\":19900}")));
        poisons.put("BODY_UNBINDABLE number as a string", Message.json(callbacks.json(6).replace("\"amount\":19900",
                "\"amount\":\"19900\"")));
        poisons.put("BODY_NOT_UTF8 invalid UTF-8", new Message("delivery-utf8-" + callbacks.channelTxnId(3),
                Callbacks.invalidUtf8(callbacks.json(3)), "application/json", Map.of()));
        poisons.put("BODY_TOO_LARGE 2 MiB", new Message("delivery-large-" + callbacks.channelTxnId(4),
                padded(callbacks.json(4), 2 * 1024 * 1024), "application/json", Map.of()));
        poisons.put("HANDLER_FAILED always throws", Message.json(callbacks.json(5), Map.of("x-demo-fail",
                "after-write")));
        queues.publish(List.copyOf(poisons.values()));
        List<Message> good = new ArrayList<>();
        for (int i = 7; i < 11; i++) {
            good.add(Message.json(callbacks.json(i)));
        }
        queues.publish(good);

        callbacks.awaitBooked(DATABASE, good.size(), Duration.ofSeconds(60));
        List<GetResponse> dead = new ArrayList<>(queues.takeDeadLetters());
        assertTrue(dead.stream().noneMatch(letter -> "HANDLER_FAILED".equals(code(letter))),
                "the callbacks after the failing one were booked while it was still retried: " + dead.size());
        Callbacks.await(Duration.ofSeconds(90), "every poison dead-lettered", () -> {
            try {
                dead.addAll(queues.takeDeadLetters());
                return dead.size() >= poisons.size();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        Map<String, String> codes = new TreeMap<>();
        Map<String, Integer> attempts = new TreeMap<>();
        for (GetResponse letter : dead) {
            String messageId = letter.getProps().getMessageId();
            Map<String, Object> headers = letter.getProps().getHeaders();
            codes.put(messageId, code(letter));
            attempts.put(messageId, ((Number) headers.get("x-idempo-attempts")).intValue());
            assertEquals("payment-callbacks", headers.get("x-idempo-consumer").toString());
            assertEquals(CallbackQueues.QUEUE, headers.get("x-idempo-queue").toString());
            String reason = headers.get("x-idempo-reason").toString();
            assertFalse(reason.contains(callbacks.channelTxnId(0).substring(0, 12)), "no value of the body: " + reason);
        }
        Map<String, String> expectedCodes = new TreeMap<>();
        Map<String, Integer> expectedAttempts = new TreeMap<>();
        poisons.forEach((what, message) -> {
            expectedCodes.put(message.messageId(), what.substring(0, what.indexOf(' ')));
            expectedAttempts.put(message.messageId(), what.startsWith("HANDLER_FAILED") ? 5 : 1);
        });
        assertEquals(expectedCodes, codes, "each poison's code, by message id");
        assertEquals(expectedAttempts, attempts, "refused at once, or after the five attempts");
        for (GetResponse letter : dead) {
            Message sent = poisons.values().stream().filter(m -> m.messageId().equals(letter.getProps().getMessageId()))
                    .findFirst().orElseThrow();
            assertTrue(Arrays.equals(sent.body(), letter.getBody()), "the body is kept as it was");
        }

        Map<String, Integer> ledger = callbacks.ledger(DATABASE);
        for (int i = 0; i < 11; i++) {
            assertEquals(i >= 7 ? 1 : null, ledger.get(callbacks.channelTxnId(i)), "ledger of event " + i);
        }
        assertEquals(good.size(), callbacks.records(DATABASE), "no record for any poison");
        assertEquals(0, queues.ready(CallbackQueues.QUEUE));
        Callbacks.assertReconciled(server.client("alice"));
    }

    /**
     * The broker closes every connection twice while 400 events, each published twice, are being consumed: the
     * listener reconnects by itself, the unacknowledged messages come back and are replayed; nothing is lost,
     * nothing is booked twice.
     */
    @Test
    @Order(4)
    void connectionsClosedUnderLoadLoseNothingAndBookNothingTwice() throws Exception {
        int events = 400;
        Callbacks callbacks = Callbacks.forNewOrders("reconnect", server.client("alice"), 5);
        List<Message> messages = callbacks.deliveries(events, 2, 4);
        queues.publish(messages);
        int recoveredBefore = server.logLines("idempo rabbitmq connection-recovered").size();
        for (int round = 1; round <= 2; round++) {
            int booked = callbacks.ledger(DATABASE).size();
            callbacks.awaitBooked(DATABASE, Math.min(events, booked + 50), Duration.ofSeconds(60));
            queues.broker().closeAllConnections("idempo test: connections closed under load, round " + round);
            server.awaitLogLines("idempo rabbitmq connection-recovered", recoveredBefore + round,
                    Duration.ofSeconds(60));
        }
        callbacks.awaitBooked(DATABASE, events, Duration.ofMinutes(3));
        queues.awaitDrained(Duration.ofMinutes(2));
        callbacks.assertBookedOnceEach(DATABASE, events);
        assertEquals(events, callbacks.records(DATABASE));
        assertEquals(0, queues.ready(CallbackQueues.DEAD_LETTERS), "nothing dead-lettered");
        assertFalse(server.logLines("idempo rabbitmq connection-lost").isEmpty());
        Callbacks.assertReconciled(server.client("alice"));
    }

    /**
     * The server's JVM halts after a callback's transaction committed and before its ack
     * ({@code x-demo-fault: exit-after-commit}): the entry is in the database and the message back in the queue.
     * After a restart the redelivery is replayed from the record and acknowledged: still one entry.
     */
    @Test
    @Order(5)
    void aServerThatDiesAfterTheCommitReplaysTheRedeliveryAfterItsRestart() throws Exception {
        Callbacks callbacks = Callbacks.forNewOrders("exit", server.client("alice"), 1);
        Message crash = Message.json(callbacks.json(0), Map.of("x-demo-fault", "exit-after-commit"));
        queues.publish(crash);
        server.awaitExit(Duration.ofSeconds(60));
        assertEquals(Map.of(callbacks.channelTxnId(0), 1), callbacks.ledger(DATABASE), "committed before the halt");
        Callbacks.await(Duration.ofSeconds(30), "the unacknowledged message back in the queue",
                () -> queues.depth() == 1);

        server.restart(RabbitCallbacksIT.class.getSimpleName() + "-restarted");
        queues.awaitDrained(Duration.ofSeconds(60));
        assertEquals(Map.of(callbacks.channelTxnId(0), 1), callbacks.ledger(DATABASE), "still one entry");
        String replayed = "key=" + callbacks.channelTxnId(0) + ":SUCCESS request=" + crash.messageId()
                + " outcome=replayed";
        server.awaitLogLines(replayed, 1, Duration.ofSeconds(10));
        Callbacks.assertReconciled(server.client("alice"));
    }

    /** Posts a callback over HTTP until it is answered otherwise than 409 (a delivery of it is being booked). */
    private static ApiResponse postUntilAnswered(ApiClient client, String body) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        ApiResponse answer = client.post("/api/payment-callbacks", body);
        while (answer.status() == 409 && System.nanoTime() < deadline) {
            Thread.sleep(500);
            answer = client.post("/api/payment-callbacks", body);
        }
        return answer;
    }

    private static String code(GetResponse letter) {
        Object code = letter.getProps().getHeaders().get("x-idempo-error-code");
        return code == null ? null : code.toString();
    }

    /** The JSON followed by spaces up to {@code size} bytes: valid JSON, too large. */
    private static byte[] padded(String json, int size) {
        byte[] bytes = Arrays.copyOf(json.getBytes(StandardCharsets.UTF_8), size);
        Arrays.fill(bytes, json.length(), size, (byte) ' ');
        return bytes;
    }
}
