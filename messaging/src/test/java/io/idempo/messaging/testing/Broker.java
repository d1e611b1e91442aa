package io.idempo.messaging.testing;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

/**
 * The test's side of the shared RabbitMQ at 127.0.0.1:5672: queue and exchange names of the test's own (deleted
 * on close), publishing with confirms, and reading queues back. It never touches anything it did not create.
 */
public final class Broker implements AutoCloseable {

    public static final String URI = "amqp://guest:guest@127.0.0.1:5672";

    private final Connection connection;
    private final Channel channel;
    private final List<String> queues = new ArrayList<>();
    private final List<String> exchanges = new ArrayList<>();
    private final Jsonb jsonb = JsonbBuilder.create();

    public Broker() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(URI);
        this.connection = factory.newConnection("idempo-test-publisher");
        this.channel = connection.createChannel();
        channel.confirmSelect();
    }

    /** A unique queue name; the queue and its {@code .dead} queue are deleted on close. */
    public String queueName(String purpose) {
        String name = "idempo-test-" + purpose + "-" + UUID.randomUUID().toString().substring(0, 8);
        queues.add(name);
        queues.add(name + ".dead");
        return name;
    }

    /** A fanout exchange of the test's own, bound to each queue (declared as the listener declares them). */
    public String fanout(String purpose, String... boundQueues) throws IOException {
        String name = "idempo-test-" + purpose + "-" + UUID.randomUUID().toString().substring(0, 8);
        exchanges.add(name);
        channel.exchangeDeclare(name, BuiltinExchangeType.FANOUT, false, false, null);
        for (String queue : boundQueues) {
            declare(queue);
            channel.queueBind(queue, name, "");
        }
        return name;
    }

    /** A queue as the listener declares it: durable, classic, no arguments. */
    public void declare(String queue) throws IOException {
        channel.queueDeclare(queue, true, false, false, null);
    }

    /** A JSON event with a message id (null for none), published to a queue through the default exchange. */
    public void publish(String queue, String messageId, PaymentEvent event) throws Exception {
        publish("", queue, properties(messageId, Map.of()), jsonb.toJson(event).getBytes(StandardCharsets.UTF_8));
    }

    /** Any body and properties; returns once the broker confirmed it. */
    public void publish(String exchange, String routingKey, AMQP.BasicProperties properties, byte[] body)
            throws Exception {
        channel.basicPublish(exchange, routingKey, properties, body);
        channel.waitForConfirmsOrDie(10_000);
    }

    /** Many events at once, confirmed together: {@code messages} pairs each message id with its event. */
    public void publishAll(String exchange, String routingKey, List<Map.Entry<String, PaymentEvent>> messages)
            throws Exception {
        for (Map.Entry<String, PaymentEvent> message : messages) {
            channel.basicPublish(exchange, routingKey, properties(message.getKey(), Map.of()),
                    jsonb.toJson(message.getValue()).getBytes(StandardCharsets.UTF_8));
        }
        channel.waitForConfirmsOrDie(60_000);
    }

    public static AMQP.BasicProperties properties(String messageId, Map<String, Object> headers) {
        return new AMQP.BasicProperties.Builder().messageId(messageId).contentType("application/json")
                .deliveryMode(2).headers(headers).build();
    }

    /** Messages ready in the queue (not those delivered and unacknowledged). */
    public int ready(String queue) throws IOException, TimeoutException {
        try (Channel probe = connection.createChannel()) {
            return probe.queueDeclarePassive(queue).getMessageCount();
        }
    }

    /** Takes every ready message out of the queue. */
    public List<GetResponse> take(String queue) throws IOException {
        List<GetResponse> taken = new ArrayList<>();
        for (GetResponse each = channel.basicGet(queue, true); each != null; each = channel.basicGet(queue, true)) {
            taken.add(each);
        }
        return taken;
    }

    @Override
    public void close() throws IOException, TimeoutException {
        for (String queue : queues) {
            channel.queueDelete(queue);
        }
        for (String exchange : exchanges) {
            channel.exchangeDelete(exchange);
        }
        connection.close();
    }
}
