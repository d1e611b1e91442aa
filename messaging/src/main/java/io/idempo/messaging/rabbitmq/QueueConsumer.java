package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import io.idempo.messaging.ConsumerLog;
import io.idempo.messaging.Disposition;
import io.idempo.messaging.IdempotentConsumer;
import io.idempo.messaging.ReceivedMessage;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One consumer on one channel: each delivery runs through the {@link IdempotentConsumer} on the channel's delivery
 * thread (one at a time, in order), and is then settled as the disposition says. The ack is sent only after the
 * handler returned, hence after the idempotent call's transaction committed. A failed attempt is published again
 * with its count and a dead letter is published to its queue, each confirmed before the original is acked; when
 * that publication fails, the original is requeued unchanged.
 *
 * <p>When the channel or its connection fails before the ack, the broker redelivers the message, and the
 * idempotent call replays the committed outcome.
 */
final class QueueConsumer<T> extends DefaultConsumer {

    private static final System.Logger LOG = System.getLogger("io.idempo.messaging");

    private final IdempotentConsumer<T> consumer;
    private final String queue;
    private final String deadLetterQueue;
    private final ConfirmedPublisher publisher;
    private final InFlight inFlight;
    private final CountDownLatch stopping;

    QueueConsumer(Channel channel, IdempotentConsumer<T> consumer, Queues queues, Duration confirmTimeout,
                  InFlight inFlight, CountDownLatch stopping) {
        super(channel);
        this.consumer = consumer;
        this.queue = queues.queue();
        this.deadLetterQueue = queues.deadLetterQueue();
        this.publisher = new ConfirmedPublisher(channel, confirmTimeout);
        this.inFlight = inFlight;
        this.stopping = stopping;
    }

    @Override
    public void handleDelivery(String consumerTag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
        inFlight.enter();
        try {
            if (stopping.getCount() == 0) {
                getChannel().basicNack(envelope.getDeliveryTag(), false, true); // delivered while closing
                return;
            }
            ReceivedMessage message = AmqpMessages.received(queue, envelope, properties, body);
            settle(consumer.consume(message), envelope.getDeliveryTag(), properties, message);
        } catch (IOException | RuntimeException e) {
            // The channel is gone (a lost connection): the broker redelivers, and the record replays.
            LOG.log(Level.DEBUG, "idempo rabbitmq not-settled queue=" + queue + " delivery-tag="
                    + envelope.getDeliveryTag() + " reason=" + e.getClass().getSimpleName() + "; it is redelivered");
        } finally {
            inFlight.exit();
        }
    }

    private void settle(Disposition disposition, long tag, AMQP.BasicProperties properties, ReceivedMessage message)
            throws IOException {
        String consumerName = consumer.settings().name();
        if (disposition instanceof Disposition.Handled) {
            getChannel().basicAck(tag, false);
        } else if (disposition instanceof Disposition.InProgress inProgress) {
            pause(inProgress.delay());
            getChannel().basicNack(tag, false, true);
        } else if (disposition instanceof Disposition.Retry retry) {
            ConsumerLog.retrying(queue, consumerName, message.id(), retry, consumer.settings().maxAttempts());
            pause(retry.delay());
            move(tag, queue, AmqpMessages.retried(properties, retry.attempts()), message);
        } else if (disposition instanceof Disposition.DeadLetter dead) {
            AMQP.BasicProperties deadLetter = AmqpMessages.deadLetter(properties, dead, consumerName, queue);
            if (move(tag, deadLetterQueue, deadLetter, message)) {
                ConsumerLog.deadLettered(queue, consumerName, message.id(), dead, deadLetterQueue);
            }
        }
    }

    /** Publishes the message to {@code destination} and acks the original, or requeues it if that failed. */
    private boolean move(long tag, String destination, AMQP.BasicProperties properties, ReceivedMessage message)
            throws IOException {
        Optional<String> failure = publisher.publish(destination, properties, message.body());
        if (failure.isEmpty()) {
            getChannel().basicAck(tag, false);
            return true;
        }
        ConsumerLog.notMoved(queue, consumer.settings().name(), message.id(), destination, failure.get());
        pause(consumer.settings().retryDelay()); // no hot loop while the destination is missing
        getChannel().basicNack(tag, false, true);
        return false;
    }

    /** Waits before settling, cut short when the listener closes. */
    private void pause(Duration delay) {
        try {
            stopping.await(delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void handleCancel(String consumerTag) {
        LOG.log(Level.WARNING, "idempo rabbitmq consumer-cancelled queue=" + queue + " consumer="
                + consumer.settings().name() + "; the broker cancelled it (was the queue deleted?)");
    }

    @Override
    public void handleShutdownSignal(String consumerTag, ShutdownSignalException signal) {
        if (!signal.isHardError() && !signal.isInitiatedByApplication()) {
            LOG.log(Level.WARNING, "idempo rabbitmq channel-closed queue=" + queue + " consumer="
                    + consumer.settings().name() + " reason=" + signal.getMessage()
                    + "; this channel's consumer has stopped");
        }
    }
}
