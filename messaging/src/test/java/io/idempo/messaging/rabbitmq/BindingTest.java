package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.rabbitmq.client.AMQP;
import io.idempo.messaging.testing.Broker;
import io.idempo.messaging.testing.Deliveries;
import io.idempo.messaging.testing.Eventually;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A listener bound to an exchange subscribes to what is published there for its routing key, and to nothing else;
 * it declares the exchange itself, so it may start before the publisher (the outbox's relay) does.
 */
class BindingTest {

    @Test
    void aBoundListenerGetsTheMessagesOfItsRoutingKeyOnly() throws Exception {
        try (Broker broker = new Broker()) {
            String exchange = broker.exchangeName("bound");
            String queue = broker.queueName("bound");
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "bound")
                    .bindTo(exchange, "topic", "PAYMENT_SUCCEEDED")
                    .handler(deliveries.recording((event, message) -> { }))
                    .start();
            try {
                String body = "{\"channelTxnId\":\"txn-1\",\"status\":\"PAID\",\"amount\":10}";
                for (String type : new String[] {"ORDER_PLACED", "PAYMENT_SUCCEEDED", "ORDER_PLACED"}) {
                    broker.publish(exchange, type, new AMQP.BasicProperties.Builder()
                            .messageId(UUID.randomUUID().toString()).contentType("application/json").build(),
                            body.getBytes(StandardCharsets.UTF_8));
                }
                Eventually.await(Duration.ofSeconds(30), "the bound message handled",
                        () -> deliveries.returned() == 1);
                Thread.sleep(300); // time for a wrongly routed message to arrive too
            } finally {
                listener.close();
            }
            assertEquals(1, deliveries.seen().size());
            assertEquals(0, broker.ready(queue));
        }
    }
}
