package io.idempo.example.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.GetResponse;
import io.idempo.example.e2e.ExampleApp;
import io.idempo.example.e2e.OnEachDatabaseServer;
import io.idempo.example.e2e.SchemaAssertions;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.rabbitmq.RabbitBroker;
import io.idempo.testing.server.PayaraMicroServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * The example's events with {@code RABBITMQ_URL} set, on PostgreSQL and MariaDB with the real broker (FIXED CONTRACT):
 * placing an order publishes ORDER_PLACED, paying it PAYMENT_SUCCEEDED, to the durable topic exchange
 * {@code idempo.events} with the type as routing key, the event id as {@code message_id} and a JSON body with
 * {@code eventId}, {@code type}, {@code orderId} and {@code amount}; a replayed payment publishes nothing; the app
 * consumes its PAYMENT_SUCCEEDED and sends one receipt mail per event, however often the event arrives. The test reads
 * the wire through a queue of its own bound to the exchange for every routing key.
 */
@OnEachDatabaseServer
class OutboxEventsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static PayaraMicroServer server;
    private static RabbitBroker broker;
    private static Channel tap;
    private static String tapQueue;

    @Parameter
    DatabaseKind database;

    @BeforeParameterizedClassInvocation
    static void startServer(DatabaseKind database) throws Exception {
        broker = RabbitBroker.local();
        tapQueue = broker.declareQueue("events-tap");
        tap = broker.connect("idempo-test-events-tap").createChannel();
        tap.exchangeDeclare(ShopEvents.EXCHANGE, "topic", true); // as the app declares it: either may come first
        tap.queueBind(tapQueue, ShopEvents.EXCHANGE, "#");
        server = ExampleApp.onPayara(TestDatabase.local(database))
                .withEnv(ExampleApp.RABBITMQ_URL, broker.uri().toString());
        server.start(OutboxEventsIT.class.getSimpleName() + "-" + database);
    }

    @AfterParameterizedClassInvocation
    static void stopServer() throws Exception {
        try {
            server.stop();
        } finally {
            broker.close();
        }
    }

    @Test
    void anOrderAndItsPaymentAreOnTheWireOnceInOrderAndTheReceiptIsMailedOnce() throws Exception {
        assertTrue(String.join("\n", server.logLines("idempo started")).contains("outbox table idempo_outbox,"
                + " relay relay on"));
        assertEquals(SchemaAssertions.TABLES, SchemaAssertions.tables(server.database()));
        ApiClient alice = server.client("alice");
        ApiResponse order = alice.post("/api/orders", "{\"productId\":1001,\"quantity\":2,\"amount\":19900}",
                ApiClient.newKey());
        assertEquals(201, order.status(), order.toString());
        long orderId = order.json().get("id").asLong();
        String payKey = ApiClient.newKey();
        ApiResponse paid = alice.post("/api/orders/" + orderId + "/payments", "{\"amount\":19900}", payKey);
        assertEquals("PAID", paid.json().get("status").asText(), paid.toString());
        ApiResponse replayed = alice.post("/api/orders/" + orderId + "/payments", "{\"amount\":19900}", payKey);
        assertEquals("true", replayed.header("Idempotent-Replayed").orElse(""), replayed.toString());

        List<GetResponse> events = awaitEventsOf(orderId, 2);
        assertEquals(List.of(ShopEvents.ORDER_PLACED, ShopEvents.PAYMENT_SUCCEEDED),
                events.stream().map(event -> event.getEnvelope().getRoutingKey()).toList(),
                "the order's events in the order written");
        for (GetResponse event : events) {
            JsonNode body = JSON.readTree(event.getBody());
            assertEquals(event.getProps().getMessageId(), body.get("eventId").asText());
            assertEquals(event.getEnvelope().getRoutingKey(), body.get("type").asText());
            assertEquals(orderId, body.get("orderId").asLong());
            assertEquals(19900, body.get("amount").asLong());
            assertEquals(2, event.getProps().getDeliveryMode(), "persistent");
        }
        assertEquals(List.of("SENT", "SENT"), sentOutboxStates(orderId), "the replayed payment wrote no third event");

        String paymentEvent = events.get(1).getProps().getMessageId();
        awaitReceipts(paymentEvent, 1);
        // The broker delivers the event again (as after a relay crash): the receipt is not mailed again.
        tap.basicPublish(ShopEvents.EXCHANGE, ShopEvents.PAYMENT_SUCCEEDED, new AMQP.BasicProperties.Builder()
                .messageId(paymentEvent).contentType("application/json").deliveryMode(2).build(), events.get(1)
                .getBody());
        server.awaitLogLines("key=" + paymentEvent, 2, Duration.ofSeconds(30));
        assertTrue(String.join("\n", server.logLines("key=" + paymentEvent)).contains("outcome=replayed"));
        assertEquals(1, receipts(paymentEvent));

        JsonNode reconciliation = alice.get("/api/reconciliation").json();
        assertEquals(0, reconciliation.get("mismatches").size(), reconciliation.toString());
    }

    /** The next {@code count} messages of the tap that belong to {@code orderId}, in the order they arrived. */
    private static List<GetResponse> awaitEventsOf(long orderId, int count) throws Exception {
        List<GetResponse> events = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (events.size() < count) {
            assertTrue(System.nanoTime() < deadline, "only " + events.size() + " events of order " + orderId);
            GetResponse message = tap.basicGet(tapQueue, true);
            if (message == null) {
                Thread.sleep(50);
            } else if (JSON.readTree(message.getBody()).get("orderId").asLong() == orderId) {
                events.add(message);
            }
        }
        return events;
    }

    /**
     * The order's outbox rows, once none is PENDING any more (or after 30 s): the relay marks a batch SENT when it
     * commits, a moment after the broker confirmed it, so the tap may see the events before the rows say so.
     */
    private List<String> sentOutboxStates(long orderId) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        List<String> states = outboxStates(orderId);
        while (states.contains("PENDING") && System.nanoTime() < deadline) {
            Thread.sleep(50);
            states = outboxStates(orderId);
        }
        return states;
    }

    private List<String> outboxStates(long orderId) throws Exception {
        List<String> states = new ArrayList<>();
        try (Connection connection = server.database().connect();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT state FROM idempo_outbox WHERE aggregateid = ? ORDER BY seq")) {
            select.setString(1, Long.toString(orderId));
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    states.add(rows.getString(1));
                }
            }
        }
        return states;
    }

    private void awaitReceipts(String eventId, int expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (receipts(eventId) < expected) {
            assertTrue(System.nanoTime() < deadline, "no receipt mail for event " + eventId);
            Thread.sleep(100);
        }
    }

    private int receipts(String eventId) throws Exception {
        try (Connection connection = server.database().connect();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT COUNT(*) FROM receipt_mails WHERE event_id = ?")) {
            select.setString(1, eventId);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getInt(1);
            }
        }
    }
}
