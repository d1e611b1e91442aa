package io.idempo.example.messaging;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import io.idempo.testing.rabbitmq.OutgoingMessage;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The app's two callback queues on the local broker, whose names are a fixed contract: {@value #QUEUE} and
 * {@value #DEAD_LETTERS}. A class that uses them registers this extension before its servers
 * ({@code @Order}): both queues are deleted before the servers start (which declare them anew) and after they
 * stopped. Failsafe runs the classes one after the other, so no two classes share them.
 */
final class CallbackQueues implements BeforeAllCallback, AfterAllCallback {

    static final String QUEUE = "payment.callbacks";
    static final String DEAD_LETTERS = "payment.callbacks.dead";

    /** One message as a payment provider publishes it: a delivery id of its own, the JSON body, headers. */
    record Message(String messageId, byte[] body, String contentType, Map<String, Object> headers) {

        static Message json(String body) {
            return json(body, Map.of());
        }

        static Message json(String body, Map<String, Object> headers) {
            return new Message("delivery-" + UUID.randomUUID(), body.getBytes(StandardCharsets.UTF_8),
                    "application/json", headers);
        }
    }

    private final RabbitBroker broker = RabbitBroker.local();

    /** The URL the servers are given, as the README writes it (with the trailing slash). */
    String url() {
        return broker.uri().toString();
    }

    RabbitBroker broker() {
        return broker;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        deleteQueues();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            deleteQueues();
        } finally {
            broker.close();
        }
    }

    /** Publishes {@code messages} to {@value #QUEUE}, persistent, and returns once the broker confirmed them all. */
    void publish(List<Message> messages) throws IOException, TimeoutException {
        broker.publish("", QUEUE, messages.stream().map(message -> OutgoingMessage.persistent(message.messageId(),
                message.contentType(), message.headers(), message.body())).toList());
    }

    void publish(Message... messages) throws IOException, TimeoutException {
        publish(List.of(messages));
    }

    /** Takes every message now ready in {@value #DEAD_LETTERS}. */
    List<GetResponse> takeDeadLetters() throws IOException, TimeoutException {
        return broker.take(DEAD_LETTERS);
    }

    /** Messages ready in {@code queue} (not those delivered and not yet acknowledged). */
    long ready(String queue) throws IOException, TimeoutException {
        return broker.ready(queue);
    }

    /** Messages in {@value #QUEUE}, ready or delivered and unacknowledged: the broker's own count. */
    long depth() {
        return broker.depth(QUEUE);
    }

    /** Waits until the broker holds nothing of {@value #QUEUE}, neither ready nor unacknowledged. */
    void awaitDrained(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long depth;
        while ((depth = depth()) != 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(QUEUE + " still holds " + depth + " messages after " + timeout);
            }
            Thread.sleep(500);
        }
    }

    /** Deletes both queues, which may not exist; a fresh connection, since the broker may have closed the last. */
    private void deleteQueues() throws IOException, TimeoutException {
        try (Connection connection = broker.connectionFactory().newConnection("idempo-test-payment-callbacks");
             Channel channel = connection.createChannel()) {
            for (String queue : List.of(QUEUE, DEAD_LETTERS)) {
                channel.queueDelete(queue);
            }
        }
    }
}
