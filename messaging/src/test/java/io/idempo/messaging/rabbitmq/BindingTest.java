package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.messaging.testing.Deliveries;
import io.idempo.messaging.testing.Eventually;
import io.idempo.messaging.testing.ListenerQueues;
import io.idempo.testing.rabbitmq.OutgoingMessage;
import io.idempo.testing.rabbitmq.RabbitBroker;
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
        try (RabbitBroker broker = RabbitBroker.local()) {
            String exchange = broker.exchangeName("bound");
            String queue = ListenerQueues.queue(broker, "bound");
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "bound")
                    .bindTo(exchange, "topic", "PAYMENT_SUCCEEDED")
                    .handler(deliveries.recording((event, message) -> { }))
                    .start();
            try {
                String body = "{\"channelTxnId\":\"txn-1\",\"status\":\"PAID\",\"amount\":10}";
                for (String type : new String[] {"ORDER_PLACED", "PAYMENT_SUCCEEDED", "ORDER_PLACED"}) {
                    broker.publish(exchange, type, OutgoingMessage.json(UUID.randomUUID().toString(), body));
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
