package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.LongString;
import io.idempo.messaging.Disposition;
import io.idempo.messaging.MessageHeaders;
import io.idempo.messaging.ReceivedMessage;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Between AMQP deliveries and the broker-neutral {@link ReceivedMessage}, and the properties of the messages the
 * listener publishes again: each keeps every property of the original (its {@code message_id} above all, which
 * may be the key) and adds idempo's headers.
 */
final class AmqpMessages {

    /** AMQP's delivery mode for messages written to disk. */
    private static final int PERSISTENT = 2;

    private AmqpMessages() {
    }

    static ReceivedMessage received(String queue, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
        Map<String, Object> headers = new LinkedHashMap<>();
        if (properties.getHeaders() != null) {
            properties.getHeaders().forEach((name, value) ->
                    headers.put(name, value instanceof LongString text ? text.toString() : value));
        }
        int attempts = headers.get(MessageHeaders.ATTEMPTS) instanceof Number count ? Math.max(0, count.intValue())
                : 0;
        return new ReceivedMessage(properties.getMessageId(), body, properties.getContentType(), headers, attempts,
                envelope.isRedeliver(), queue);
    }

    /** The properties of the copy that goes back to the queue after a failed attempt. */
    static AMQP.BasicProperties retried(AMQP.BasicProperties original, int attempts) {
        Map<String, Object> headers = headers(original);
        headers.put(MessageHeaders.ATTEMPTS, attempts);
        return original.builder().headers(headers).build();
    }

    /** The properties of a dead letter: persistent, with the code, the reason and where it came from. */
    static AMQP.BasicProperties deadLetter(AMQP.BasicProperties original, Disposition.DeadLetter dead,
                                           String consumer, String queue) {
        Map<String, Object> headers = headers(original);
        headers.put(MessageHeaders.ERROR_CODE, dead.code().name());
        headers.put(MessageHeaders.REASON, dead.reason());
        headers.put(MessageHeaders.CONSUMER, consumer);
        headers.put(MessageHeaders.QUEUE, queue);
        headers.put(MessageHeaders.ATTEMPTS, dead.attempts());
        return original.builder().headers(headers).deliveryMode(PERSISTENT).build();
    }

    private static Map<String, Object> headers(AMQP.BasicProperties original) {
        return original.getHeaders() == null ? new LinkedHashMap<>() : new LinkedHashMap<>(original.getHeaders());
    }
}
