package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.idempo.messaging.StrictJsonMessageBinder;
import io.idempo.messaging.MessageBinder;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A running RabbitMQ listener container: an idempotent consumer on a queue, acknowledging each message after its
 * handler returned. It is the handle that {@link RabbitListenerBuilder#start()} returns; {@link #close()} stops it.
 * There is no global state: several listeners run side by side, each with its connection.
 *
 * <pre>{@code
 * RabbitListener listener = RabbitListener.builder(PaymentEvent.class)
 *         .uri("amqp://guest:guest@127.0.0.1:5672")
 *         .queue("payments")
 *         .consumerName("ledger")
 *         .handler((event, message) -> ledger.settle(event))   // settle is @Idempotent
 *         .start();
 * }</pre>
 */
public final class RabbitListener implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("io.idempo.messaging");

    private final Connection connection;
    private final Map<Channel, String> consumerTags;
    private final InFlight inFlight;
    private final CountDownLatch stopping;
    private final Duration closeTimeout;
    private final String description;

    RabbitListener(Connection connection, Map<Channel, String> consumerTags, InFlight inFlight,
                   CountDownLatch stopping, Duration closeTimeout, String description) {
        this.connection = connection;
        this.consumerTags = consumerTags;
        this.inFlight = inFlight;
        this.stopping = stopping;
        this.closeTimeout = closeTimeout;
        this.description = description;
    }

    /** A listener whose payload is bound from JSON by {@link StrictJsonMessageBinder#of(java.lang.reflect.Type)}. */
    public static <T> RabbitListenerBuilder<T> builder(Class<T> payloadType) {
        return new RabbitListenerBuilder<>(StrictJsonMessageBinder.<T>of(payloadType));
    }

    /** A listener whose payload is bound by {@code binder}. */
    public static <T> RabbitListenerBuilder<T> builder(MessageBinder<T> binder) {
        return new RabbitListenerBuilder<>(binder);
    }

    /**
     * Stops consuming, waits for the messages being handled to settle (up to the close timeout), then closes the
     * channels and the connection; the broker requeues whatever was delivered but not acknowledged. Closing twice
     * does nothing.
     */
    @Override
    public void close() {
        synchronized (stopping) {
            if (stopping.getCount() == 0) {
                return;
            }
            stopping.countDown();
        }
        consumerTags.forEach((channel, tag) -> {
            try {
                channel.basicCancel(tag);
            } catch (IOException | RuntimeException e) {
                // the channel is already gone: nothing more comes from it
            }
        });
        try {
            if (!inFlight.awaitIdle(closeTimeout)) {
                LOG.log(Level.WARNING, "idempo rabbitmq close-timeout " + description + " timeout="
                        + closeTimeout.toMillis() + "ms; messages still being handled are redelivered");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            connection.close();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, "idempo rabbitmq close " + description + " reason=" + e.getClass().getSimpleName());
        }
        LOG.log(Level.INFO, "idempo rabbitmq stopped " + description);
    }

    /** Whether the connection is open (it is closed while the client recovers it). */
    public boolean isConnected() {
        return connection.isOpen();
    }
}
