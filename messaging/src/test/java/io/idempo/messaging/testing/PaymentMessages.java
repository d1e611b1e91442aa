package io.idempo.messaging.testing;

import io.idempo.testing.rabbitmq.OutgoingMessage;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** {@link PaymentEvent}s as a payment provider publishes them: persistent JSON bodies, each with a message id. */
public final class PaymentMessages {

    private static final Jsonb JSONB = JsonbBuilder.create();

    private PaymentMessages() {
    }

    /** The event as a message with {@code messageId} ({@code null} for none). */
    public static OutgoingMessage of(String messageId, PaymentEvent event) {
        return OutgoingMessage.json(messageId, JSONB.toJson(event));
    }

    /** The event as a message with a random message id of its own, as a provider sends each delivery. */
    public static OutgoingMessage of(PaymentEvent event) {
        return of(UUID.randomUUID().toString(), event);
    }

    /** Many events: {@code messages} pairs each message id with its event. */
    public static List<OutgoingMessage> of(List<Map.Entry<String, PaymentEvent>> messages) {
        return messages.stream().map(message -> of(message.getKey(), message.getValue())).toList();
    }
}
