package io.idempo.messaging.rabbitmq;

import io.idempo.messaging.testing.PaymentEvent;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.time.Duration;
import java.util.UUID;

/** Listeners as the tests start them: the shared broker, a connection name of their own, short retry delays. */
final class TestListeners {

    private TestListeners() {
    }

    static RabbitListenerBuilder<PaymentEvent> builder(String queue, String consumerName) {
        return RabbitListener.builder(PaymentEvent.class)
                .uri(RabbitBroker.local().uri().toString())
                .queue(queue)
                .consumerName(consumerName)
                .connectionName(connectionName(consumerName))
                .retryDelay(Duration.ofMillis(20));
    }

    static String connectionName(String consumerName) {
        return "idempo-test-" + consumerName + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
