package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * Publishes a message to a queue on a consumer's channel (in confirm mode) and waits for the broker's confirm,
 * so that the original is acknowledged only once its copy is safe. Mandatory: a queue that does not exist returns
 * the message instead of dropping it. Only the channel's delivery thread publishes, one message at a time, so the
 * broker's return (always sent before its confirm) belongs to the message just published.
 */
final class ConfirmedPublisher {

    private final Channel channel;
    private final Duration confirmTimeout;
    private volatile boolean returned;

    ConfirmedPublisher(Channel channel, Duration confirmTimeout) {
        this.channel = channel;
        this.confirmTimeout = confirmTimeout;
        channel.addReturnListener(message -> returned = true);
    }

    /** Publishes through the default exchange to {@code queue}; empty when confirmed, else why it was not. */
    Optional<String> publish(String queue, AMQP.BasicProperties properties, byte[] body) {
        returned = false;
        try {
            channel.basicPublish("", queue, true, properties, body);
            if (!channel.waitForConfirms(confirmTimeout.toMillis())) {
                return Optional.of("the broker refused the message (nack)");
            }
            if (returned) {
                return Optional.of("there is no queue " + queue + ": declare it (or let the listener declare it)");
            }
            return Optional.empty();
        } catch (TimeoutException e) {
            return Optional.of("no confirm from the broker within " + confirmTimeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while waiting for the broker's confirm");
        } catch (IOException | RuntimeException e) {
            return Optional.of("the channel failed (" + e.getClass().getSimpleName() + ")");
        }
    }
}
