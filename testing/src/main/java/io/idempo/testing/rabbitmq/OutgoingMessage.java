package io.idempo.testing.rabbitmq;

import com.rabbitmq.client.AMQP;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One message as a test publishes it ({@link RabbitBroker#publish(String, String, java.util.List)}): its properties
 * and its body, as the broker is to carry them.
 *
 * @param properties the AMQP properties (message id, content type, headers, delivery mode)
 * @param body       the body's bytes, sent as they are
 */
public record OutgoingMessage(AMQP.BasicProperties properties, byte[] body) {

    /**
     * A persistent message with a message id ({@code null} for none), a content type and headers, as a producer
     * publishes one.
     */
    public static OutgoingMessage persistent(String messageId, String contentType, Map<String, Object> headers,
                                             byte[] body) {
        return new OutgoingMessage(new AMQP.BasicProperties.Builder()
                .messageId(messageId)
                .contentType(contentType)
                .headers(headers)
                .deliveryMode(2)
                .build(), body);
    }

    /** A persistent JSON message ({@code application/json}, UTF-8) with a message id and no headers. */
    public static OutgoingMessage json(String messageId, String json) {
        return persistent(messageId, "application/json", Map.of(), json.getBytes(StandardCharsets.UTF_8));
    }
}
