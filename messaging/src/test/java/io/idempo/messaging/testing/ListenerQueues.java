package io.idempo.messaging.testing;

import io.idempo.messaging.rabbitmq.RabbitListenerBuilder;
import io.idempo.testing.rabbitmq.RabbitBroker;

/** Queues for a listener under test on the {@link RabbitBroker}: the queue it consumes and its dead letters. */
public final class ListenerQueues {

    private ListenerQueues() {
    }

    /**
     * A queue name of the test's own ({@link RabbitBroker#queueName}); the dead-letter queue the listener declares
     * beside it, {@code <queue>.dead}, is deleted after the test too.
     */
    public static String queue(RabbitBroker broker, String purpose) {
        String queue = broker.queueName(purpose);
        broker.queueBeside(queue, RabbitListenerBuilder.DEAD_LETTER_SUFFIX);
        return queue;
    }
}
