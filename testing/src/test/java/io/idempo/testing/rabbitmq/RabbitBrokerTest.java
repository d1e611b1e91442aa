package io.idempo.testing.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The broker fixture against the local RabbitMQ: its queues, its two operator commands, and its cleanup. */
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
