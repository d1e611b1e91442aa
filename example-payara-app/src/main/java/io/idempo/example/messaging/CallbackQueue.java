package io.idempo.example.messaging;

import io.idempo.example.config.ExampleSettings;
import io.idempo.messaging.rabbitmq.RabbitListener;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;

/**
 * The payment callbacks' second door: when {@code RABBITMQ_URL} is set, a listener on the durable queue
 * {@value #QUEUE} (declared here, with its dead-letter queue {@value #DEAD_LETTER_QUEUE}) hands each message to
 * {@link CallbackMessages}. Each message's body
 * is the JSON of {@code POST /api/payment-callbacks}; its AMQP {@code message_id} is a delivery id, not the key.
 *
 * <p>It runs while the idempotency engine is installed ({@link RabbitConsumer}).
 */
@ApplicationScoped
public class CallbackQueue extends RabbitConsumer {

    /** FIXED CONTRACT: the queue the callbacks arrive on. */
    public static final String QUEUE = "payment.callbacks";
    /** FIXED CONTRACT: where the messages that can never be booked go, with their code. */
    public static final String DEAD_LETTER_QUEUE = "payment.callbacks.dead";
    /** The consumer's name, in the dead letters' headers and the logs (the scope is the provider). */
    public static final String CONSUMER = "payment-callbacks";
    /** Channels, each handling its messages one at a time: the listener's parallelism. */
    static final int CONSUMERS = 4;

    @Inject
    CallbackMessages messages;

    @Override
    protected RabbitListener start(String url, ManagedThreadFactory threads, ExampleSettings settings)
            throws IOException {
        return RabbitListener.builder(new CallbackBinder())
                .uri(url)
                .queue(QUEUE)
                .deadLetterQueue(DEAD_LETTER_QUEUE)
                .consumerName(CONSUMER)
                .consumers(CONSUMERS)
                .threadFactory(threads)
                .handler(ExitAfterCommit.around(messages::handle, settings.demoFaults()))
                .start();
    }

    @Override
    protected String description() {
        return "payment callbacks (queue " + QUEUE + ", dead letters to " + DEAD_LETTER_QUEUE + ")";
    }
}
