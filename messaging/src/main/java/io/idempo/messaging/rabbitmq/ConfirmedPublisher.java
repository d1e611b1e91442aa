package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;

/**
 * Publishes messages on a channel in confirm mode and waits for the broker's answer to each: confirmed, refused
 * (a negative acknowledgement), or returned as unroutable (for a mandatory message that no queue takes). The listener
 * publishes one message at a time with it (a retried copy, a dead letter) and acks the original only once its copy is
 * confirmed; the outbox's {@link RabbitPublisher} publishes a whole batch and waits once.
 *
 * <p>Answers are matched by delivery tag; a return, which the broker always sends before the confirm of the same
 * message, is matched by the message id (or, for a single message, to that message). Callbacks arrive on the
 * connection's thread; publishing never holds the lock they need.
 */
final class ConfirmedPublisher {

    /** What the broker answered for one message. */
    enum Answer {
        CONFIRMED, REFUSED, UNROUTABLE
    }

    /** A message to publish: to {@code exchange} ("" for the default exchange) with {@code routingKey}. */
    record Outgoing(String exchange, String routingKey, boolean mandatory, AMQP.BasicProperties properties,
                    byte[] body) {
    }

    private final Channel channel;
    private final Duration confirmTimeout;
    private final Object publishing = new Object();
    private final Object answers = new Object();
    /** Guarded by {@link #answers}: the batch in flight. */
    private final NavigableMap<Long, Integer> unanswered = new TreeMap<>();
    private final Map<String, Integer> byMessageId = new HashMap<>();
    private Answer[] answered = new Answer[0];
    /** Guarded by {@link #answers}: why the channel closed while the batch was in flight, if it did. */
    private ShutdownSignalException closedBy;

    ConfirmedPublisher(Channel channel, Duration confirmTimeout) {
        this.channel = channel;
        this.confirmTimeout = confirmTimeout;
        channel.addConfirmListener((tag, multiple) -> answer(tag, multiple, Answer.CONFIRMED),
                (tag, multiple) -> answer(tag, multiple, Answer.REFUSED));
        channel.addReturnListener(returned -> unroutable(returned.getProperties().getMessageId()));
        channel.addShutdownListener(this::closed);
    }

    /**
     * Publishes through the default exchange to {@code queue}, mandatory, and waits for the confirm; empty when
     * confirmed, else why it was not.
     */
    Optional<String> publish(String queue, AMQP.BasicProperties properties, byte[] body) {
        try {
            return switch (publishAll(List.of(new Outgoing("", queue, true, properties, body))).get(0)) {
                case CONFIRMED -> Optional.empty();
                case REFUSED -> Optional.of("the broker refused the message (nack)");
                case UNROUTABLE -> Optional.of("there is no queue " + queue
                        + ": declare it (or let the listener declare it)");
            };
        } catch (TimeoutException e) {
            return Optional.of("no confirm from the broker within " + confirmTimeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while waiting for the broker's confirm");
        } catch (IOException | RuntimeException e) {
            return Optional.of("the channel failed (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * Publishes the messages in order and waits until the broker answered each, at most the confirm timeout. The
     * messages of a batch of more than one must carry distinct message ids, by which returns are matched.
     *
     * @return the broker's answer to each message, in the order given
     * @throws IOException when the channel failed or closed: what arrived is unknown
     * @throws TimeoutException when some message got no answer in time: what arrived is unknown
     */
    List<Answer> publishAll(List<Outgoing> messages) throws IOException, TimeoutException, InterruptedException {
        try {
            return publishInOrder(messages);
        } catch (ShutdownSignalException e) { // AlreadyClosedException: the channel was closed before or during it
            throw new IOException("the channel is closed: " + e.getMessage(), e);
        }
    }

    private List<Answer> publishInOrder(List<Outgoing> messages)
            throws IOException, TimeoutException, InterruptedException {
        synchronized (publishing) {
            synchronized (answers) {
                unanswered.clear();
                byMessageId.clear();
                closedBy = null;
                answered = new Answer[messages.size()];
                for (int i = 0; i < messages.size(); i++) {
                    String messageId = messages.get(i).properties().getMessageId();
                    if (messageId != null && byMessageId.put(messageId, i) != null && messages.size() > 1) {
                        throw new IllegalArgumentException("Two messages of one batch have the message id "
                                + messageId + ": a return could not be told apart");
                    }
                }
            }
            for (int i = 0; i < messages.size(); i++) {
                Outgoing message = messages.get(i);
                synchronized (answers) {
                    unanswered.put(channel.getNextPublishSeqNo(), i);
                }
                channel.basicPublish(message.exchange(), message.routingKey(), message.mandatory(),
                        message.properties(), message.body());
            }
            return awaitAnswers();
        }
    }

    private List<Answer> awaitAnswers() throws IOException, TimeoutException, InterruptedException {
        long deadline = System.nanoTime() + confirmTimeout.toNanos();
        synchronized (answers) {
            while (!unanswered.isEmpty()) {
                if (closedBy != null) {
                    throw new IOException("the channel closed with " + unanswered.size() + " of " + answered.length
                            + " messages unanswered: " + closedBy.getMessage(), closedBy);
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    throw new TimeoutException("no confirm from the broker within " + confirmTimeout.toMillis()
                            + " ms for " + unanswered.size() + " of " + answered.length + " messages");
                }
                answers.wait(Math.max(1, remaining / 1_000_000));
            }
            return new ArrayList<>(Arrays.asList(answered));
        }
    }

    private void answer(long tag, boolean multiple, Answer answer) {
        synchronized (answers) {
            NavigableMap<Long, Integer> settled = multiple ? unanswered.headMap(tag, true)
                    : unanswered.subMap(tag, true, tag, true);
            for (int index : settled.values()) {
                if (answered[index] == null) { // a return came first: the message stays unroutable
                    answered[index] = answer;
                }
            }
            settled.clear();
            answers.notifyAll();
        }
    }

    private void unroutable(String messageId) {
        synchronized (answers) {
            Integer index = messageId != null ? byMessageId.get(messageId)
                    : answered.length == 1 ? Integer.valueOf(0) : null;
            if (index != null) {
                answered[index] = Answer.UNROUTABLE;
            }
        }
    }

    private void closed(ShutdownSignalException cause) {
        synchronized (answers) {
            closedBy = cause;
            answers.notifyAll();
        }
    }
}
