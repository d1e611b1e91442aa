package io.idempo.example.messaging;

import io.idempo.example.callbacks.PaymentCallback;
import io.idempo.example.web.InvalidRequestException;
import io.idempo.messaging.DeadLetterCode;
import io.idempo.messaging.MessageBinder;
import io.idempo.messaging.MessageBindingException;
import io.idempo.messaging.ReceivedMessage;
import io.idempo.messaging.StrictJsonMessageBinder;
import java.util.Locale;

/**
 * Binds a callback message's body, the JSON of {@code POST /api/payment-callbacks}, and holds it to the rules the
 * HTTP door applies: the runtime's strict JSON binding, which the adapter uses for request bodies too (strict UTF-8,
 * one object, no member twice, each value of its own JSON type), every member present, then the callback's own
 * validation. A message declared to be something else than JSON is refused too. Every refusal is
 * a dead letter {@code BODY_UNBINDABLE} (or {@code BODY_NOT_UTF8}) with a reason that quotes no value of the body.
 * Both message doors use it: RabbitMQ ({@link CallbackQueue}) and JMS ({@code io.idempo.example.jms}).
 */
public final class CallbackBinder implements MessageBinder<PaymentCallback> {

    private final MessageBinder<PaymentCallback> json = StrictJsonMessageBinder.of(PaymentCallback.class);

    @Override
    public PaymentCallback bind(ReceivedMessage message) throws MessageBindingException {
        if (message.contentType() != null && !isJson(message.contentType())) {
            throw new MessageBindingException(DeadLetterCode.BODY_UNBINDABLE, "The content type is not"
                    + " application/json");
        }
        PaymentCallback callback = json.bind(message);
        try {
            callback.validate();
        } catch (InvalidRequestException e) {
            throw new MessageBindingException(DeadLetterCode.BODY_UNBINDABLE, e.getMessage());
        }
        return callback;
    }

    /** {@code application/json}, or any {@code +json} type, with or without parameters. */
    private static boolean isJson(String contentType) {
        String type = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || (type.startsWith("application/") && type.endsWith("+json"));
    }
}
