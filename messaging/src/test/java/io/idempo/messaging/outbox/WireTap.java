package io.idempo.messaging.outbox;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DeliverCallback;
import io.idempo.testing.rabbitmq.RabbitBroker;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every message the relays put on the wire, in the order the broker delivered them: a queue of the test's own bound
 * to the exchange for every routing key, consumed with automatic acks. Duplicates stay visible here; the consumer
 * under test dedupes them.
 */
final class WireTap implements AutoCloseable {

    /** One message as it arrived. */
    record Seen(String messageId, String routingKey, String aggregateHeader, OrderEvent event) {
    }

    private final Connection connection;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Jsonb jsonb = JsonbBuilder.create();

    WireTap(RabbitBroker broker, String exchange) throws Exception {
        String queue = broker.declareQueue("outbox-wire");
        this.connection = broker.connect("idempo-test-wire-tap");
        Channel channel = connection.createChannel();
        channel.queueBind(queue, exchange, "#");
        DeliverCallback record = (tag, delivery) -> seen.add(new Seen(delivery.getProperties().getMessageId(),
                delivery.getEnvelope().getRoutingKey(),
                String.valueOf(delivery.getProperties().getHeaders().get("x-idempo-aggregate-id")),
                jsonb.fromJson(new String(delivery.getBody(), StandardCharsets.UTF_8), OrderEvent.class)));
        channel.basicConsume(queue, true, record, tag -> { });
    }

    List<Seen> seen() {
        return List.copyOf(seen);
    }

    /** How often each message id arrived. */
    Map<String, Integer> counts() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Seen message : seen) {
            counts.merge(message.messageId(), 1, Integer::sum);
        }
        return counts;
    }

    /**
     * The aggregates whose events arrived out of the order they were written: an event of an aggregate after a later
     * event of the same aggregate. A duplicate of the event just before is fine (at least once); going back is not.
     */
    List<String> outOfOrder() {
        Map<String, Integer> last = new LinkedHashMap<>();
        List<String> broken = new ArrayList<>();
        for (Seen message : seen) {
            OrderEvent event = message.event();
            Integer before = last.put(event.aggregateId(), event.n());
            if (before != null && event.n() < before) {
                broken.add(event.aggregateId() + ": " + event.n() + " after " + before);
            }
        }
        return broken;
    }

    @Override
    public void close() throws Exception {
        connection.abort();
    }
}
