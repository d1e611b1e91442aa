package io.idempo.testing.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The broker fixture against the local RabbitMQ: its queues and exchanges, its operator commands, its cleanup. */
class RabbitBrokerTest {

    @RegisterExtension
    final RabbitBroker broker = RabbitBroker.local();

    @Test
    void queueNamesAreTheTestsOwnAndDifferEachTime() {
        String first = broker.queueName("orders");
        String second = broker.queueName("orders");
        assertTrue(first.startsWith("idempo-test-orders-"), first);
        assertNotEquals(first, second);
    }

    /** What a client publishes is what rabbitmqctl counts, and what a consumer then gets. */
    @Test
    void aPublishedMessageIsCountedByTheBrokerAndConsumedOnce() throws Exception {
        String queue = broker.declareQueue("depth");
        broker.publish(queue, "{\"event\":1}");
        broker.publish(queue, "{\"event\":2}");
        // The broker's count lags behind a publish by its statistics interval (5 s by default).
        awaitDepth(queue, 2);

        try (Connection connection = broker.connect("idempo-test-consumer");
             Channel channel = connection.createChannel()) {
            GetResponse first = channel.basicGet(queue, true);
            assertEquals("{\"event\":1}", new String(first.getBody(), StandardCharsets.UTF_8));
            assertEquals(1, first.getMessageCount(), "one left behind it");
        }
        awaitDepth(queue, 1);
    }

    /** What the test publishes, confirmed, is ready at once and taken back in its order with its properties. */
    @Test
    void publishedMessagesAreReadyAndTakenBackInTheirOrder() throws Exception {
        String queue = broker.declareQueue("take");
        broker.publish("", queue, List.of(OutgoingMessage.json("first", "{\"n\":1}"),
                OutgoingMessage.persistent("second", "text/plain", Map.of("route", "b"),
                        "two".getBytes(StandardCharsets.UTF_8))));
        assertEquals(2, broker.ready(queue));
        List<GetResponse> taken = broker.take(queue);
        assertEquals(List.of("first", "second"), taken.stream().map(each -> each.getProps().getMessageId()).toList());
        assertEquals("application/json", taken.get(0).getProps().getContentType());
        assertEquals("b", taken.get(1).getProps().getHeaders().get("route").toString());
        assertEquals("two", new String(taken.get(1).getBody(), StandardCharsets.UTF_8));
        assertEquals(0, broker.ready(queue));
    }

    /** closeConnections closes the connections of one name, the test's own, and leaves the others open. */
    @Test
    void closeConnectionsClosesTheNamedConnectionsOnly() throws Exception {
        String name = "idempo-test-victim-" + UUID.randomUUID();
        Connection victim = broker.connect(name);
        Connection bystander = broker.connect(name + "-bystander");
        assertEquals(1, broker.closeConnections(name));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (victim.isOpen() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertFalse(victim.isOpen(), "the broker closed the named connection");
        assertTrue(bystander.isOpen(), "and no other");
    }

    /** Declaring is for the test's own names only: the broker is shared. */
    @Test
    void aQueueThatIsNotTheTestsOwnIsNotDeclared() {
        assertThrows(IllegalArgumentException.class, () -> broker.declare("payment.callbacks"));
    }

    /** close_all_connections closes the test's connection like anyone's: the client is told the reason. */
    @Test
    void closeAllConnectionsClosesTheTestsConnectionWithTheReason() throws Exception {
        Connection connection = broker.connect("idempo-test-victim");
        assertTrue(connection.isOpen());
        broker.closeAllConnections("idempo test: closed on purpose");
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (connection.isOpen() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertFalse(connection.isOpen(), "the broker closed the connection");
        assertTrue(String.valueOf(connection.getCloseReason()).contains("closed on purpose"),
                String.valueOf(connection.getCloseReason()));
    }

    /** After close(), the queues a test declared are gone from the broker. */
    @Test
    void closeDeletesTheTestsQueues() throws Exception {
        String queue = broker.declareQueue("cleanup");
        assertTrue(broker.queueDepths().containsKey(queue), "declared");
        broker.close();
        assertFalse(broker.queueDepths().containsKey(queue), "deleted");
    }

    /** After close(), the queues beside the test's own and its exchanges are gone too. */
    @Test
    void closeDeletesTheQueuesBesideAndTheExchanges() throws Exception {
        String queue = broker.queueName("beside");
        String deadLetters = broker.queueBeside(queue, ".dead");
        broker.declare(deadLetters);
        String exchange = broker.fanout("fan", queue);
        broker.publish(exchange, "", OutgoingMessage.json("fanned", "{}"));
        assertEquals(1, broker.ready(queue), "bound to the exchange");
        broker.close();
        assertFalse(broker.queueDepths().containsKey(queue), "deleted");
        assertFalse(broker.queueDepths().containsKey(deadLetters), "deleted");
        try (Connection connection = broker.connectionFactory().newConnection("idempo-test-probe")) {
            Channel probe = connection.createChannel(); // closed by the broker's answer
            assertThrows(IOException.class, () -> probe.exchangeDeclarePassive(exchange), "deleted");
        }
    }

    private void awaitDepth(String queue, long depth) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        long seen = broker.depth(queue);
        while (seen != depth && System.nanoTime() < deadline) {
            Thread.sleep(250);
            seen = broker.depth(queue);
        }
        assertEquals(depth, seen, "messages in " + queue + " as rabbitmqctl counts them");
    }
}
