package io.idempo.example.messaging;

import io.idempo.example.config.ExampleSettings;
import io.idempo.jakarta.IdempotencyStarted;
import io.idempo.jakarta.IdempotencyStopping;
import io.idempo.messaging.rabbitmq.RabbitListener;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.logging.Logger;

/**
 * A RabbitMQ listener of the example, running exactly while the idempotency engine is installed: it starts on
 * {@link IdempotencyStarted} and stops on {@link IdempotencyStopping}, so a message never meets a missing engine. Its
 * consumers run on the server's managed threads, so that JNDI, CDI and JTA work there. Without {@code RABBITMQ_URL}
 * nothing starts and no broker is needed; a broker that does not answer at start fails the deployment, with the URL
 * (password masked) in the message; once connected, the listener rides out lost connections by itself.
 */
public abstract class RabbitConsumer {

    private static final Logger LOG = Logger.getLogger("io.idempo.example");

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    private RabbitListener listener;

    /** The listener on {@code url}, started, its consumers made by {@code threads}. */
    protected abstract RabbitListener start(String url, ManagedThreadFactory threads, ExampleSettings settings)
            throws IOException;

    /** What it consumes, for the start-up line: "payment callbacks (queue payment.callbacks)". */
    protected abstract String description();

    public void start(@Observes IdempotencyStarted started) {
        ExampleSettings settings = ExampleSettings.current();
        if (settings.rabbitmqUrl() == null) {
            LOG.info(() -> "idempo example: not consuming " + description() + " (RABBITMQ_URL not set)");
            return;
        }
        String url = settings.rabbitmqUrlForLog().orElseThrow();
        try {
            listener = start(settings.rabbitmqUrl(), threads, settings);
        } catch (IOException e) {
            throw new UncheckedIOException("RabbitMQ at " + url + " (RABBITMQ_URL) did not answer: " + e.getMessage(),
                    e);
        }
        LOG.info(() -> "idempo example: consuming " + description() + " from RabbitMQ at " + url + " (RABBITMQ_URL)");
    }

    public void stop(@Observes IdempotencyStopping stopping) {
        close();
    }

    /** Also when the application scope ends without the adapter's event (a failed deployment). */
    @PreDestroy
    public void close() {
        if (listener != null) {
            listener.close();
            listener = null;
        }
    }
}
