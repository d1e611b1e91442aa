package io.idempo.messaging.rabbitmq;

import io.idempo.messaging.testing.Broker;
import io.idempo.messaging.testing.PaymentEvent;
import java.time.Duration;
import java.util.UUID;

/** Listeners as the tests start them: the shared broker, a connection name of their own, short retry delays. */
final class TestListeners {

    private TestListeners() {
    }

    static RabbitListenerBuilder<PaymentEvent> builder(String queue, String consumerName) {
        return RabbitListener.builder(PaymentEvent.class)
                .uri(Broker.URI)
                .queue(queue)
                .consumerName(consumerName)
                .connectionName(connectionName(consumerName))
                .retryDelay(Duration.ofMillis(20));
    }

    static String connectionName(String consumerName) {
        return "idempo-test-" + consumerName + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
