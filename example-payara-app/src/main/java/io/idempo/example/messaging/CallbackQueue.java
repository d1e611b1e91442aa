package io.idempo.example.messaging;

import io.idempo.example.config.ExampleSettings;
import io.idempo.jakarta.IdempotencyStarted;
import io.idempo.jakarta.IdempotencyStopping;
import io.idempo.messaging.rabbitmq.RabbitListener;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.logging.Logger;

/**
 * The payment callbacks' second door: when {@code RABBITMQ_URL} is set, a listener on the durable queue
 * {@value #QUEUE} (declared here, with its dead-letter queue {@value #DEAD_LETTER_QUEUE}) hands each message to
 * {@link CallbackMessages}, on the server's managed threads so that JNDI, CDI and JTA work there. Each message's body
 * is the JSON of {@code POST /api/payment-callbacks}; its AMQP {@code message_id} is a delivery id, not the key.
 *
 * <p>It starts once the idempotency engine is installed ({@link IdempotencyStarted}) and stops before the engine is
 * removed: a message never meets a missing engine. Without {@code RABBITMQ_URL} nothing starts and no broker is
 * needed. A broker that does not answer at start fails the deployment, with the URL (password masked) in the
 * message; once connected, the listener rides out lost connections by itself.
 */
@ApplicationScoped
public class CallbackQueue {

    /** FIXED CONTRACT: the queue the callbacks arrive on. */
    public static final String QUEUE = "payment.callbacks";
    /** FIXED CONTRACT: where the messages that can never be booked go, with their code. */
    public static final String DEAD_LETTER_QUEUE = "payment.callbacks.dead";
    /** The consumer's name, in the dead letters' headers and the logs (the scope is the provider). */
    public static final String CONSUMER = "payment-callbacks";
    /** Channels, each handling its messages one at a time: the listener's parallelism. */
    static final int CONSUMERS = 4;

    private static final Logger LOG = Logger.getLogger("io.idempo.example");

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    @Inject
    CallbackMessages messages;

    private RabbitListener listener;

    void start(@Observes IdempotencyStarted started) {
        ExampleSettings settings = ExampleSettings.current();
        if (settings.rabbitmqUrl() == null) {
            LOG.info("idempo example: no RabbitMQ consumer (RABBITMQ_URL not set)");
            return;
        }
        String url = settings.rabbitmqUrlForLog().orElseThrow();
        try {
            listener = RabbitListener.builder(new CallbackBinder())
                    .uri(settings.rabbitmqUrl())
                    .queue(QUEUE)
                    .deadLetterQueue(DEAD_LETTER_QUEUE)
                    .consumerName(CONSUMER)
                    .consumers(CONSUMERS)
                    .threadFactory(threads)
                    .handler(ExitAfterCommit.around(messages::handle, settings.demoFaults()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("RabbitMQ at " + url + " (RABBITMQ_URL) did not answer: " + e.getMessage(),
                    e);
        }
        LOG.info(() -> "idempo example: consuming payment callbacks from RabbitMQ at " + url + " (RABBITMQ_URL), queue "
                + QUEUE + ", dead letters to " + DEAD_LETTER_QUEUE);
    }

    void stop(@Observes IdempotencyStopping stopping) {
        close();
    }

    /** Also when the application scope ends without the adapter's event (a failed deployment). */
    @PreDestroy
    void close() {
        if (listener != null) {
            listener.close();
            listener = null;
        }
    }
}
