package io.idempo.messaging;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.JsonbException;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The default binder: a JSON body, decoded as strict UTF-8, bound with JSON-B. Strict because a lenient decoder
 * replaces each malformed byte with U+FFFD, so that two different bodies could bind to the same payload, the same
 * key and the same fingerprint. {@link #of(Class)} also requires every parameter of a record's (or a
 * {@code @JsonbCreator}'s) constructor to be present in the JSON: a field that is missing is a refused body, not a
 * silent null.
 *
 * <p>JSON-B's own conversions stay as they are (a whole-number field accepts {@code "7"} and {@code 1.5}); pass a
 * {@link Jsonb} configured with stricter deserializers to {@link #JsonbMessageBinder(Jsonb, Type)} for those.
 *
 * @param <T> the payload type
 */
public final class JsonbMessageBinder<T> implements MessageBinder<T> {

    private final Jsonb jsonb;
    private final Type type;

    /** @param type the payload type, generic types included ({@code T} must be what it describes) */
    public JsonbMessageBinder(Jsonb jsonb, Type type) {
        this.jsonb = Objects.requireNonNull(jsonb, "jsonb");
        this.type = Objects.requireNonNull(type, "type");
    }

    /** A binder over the JSON-B implementation on the class path, every creator parameter required. */
    public static <T> JsonbMessageBinder<T> of(Class<T> type) {
        return new JsonbMessageBinder<>(JsonbBuilder.create(new JsonbConfig().withCreatorParametersRequired(true)),
                type);
    }

    @Override
    public T bind(ReceivedMessage message) throws MessageBindingException {
        String text = decode(message.body());
        T payload;
        try {
            payload = jsonb.fromJson(text, type);
        } catch (JsonbException e) {
            // The JSON-B message may quote values of the body: the reason names the type only.
            throw unbindable(e);
        }
        if (payload == null) {
            throw unbindable(null);
        }
        return payload;
    }

    private MessageBindingException unbindable(JsonbException cause) {
        return new MessageBindingException(DeadLetterCode.BODY_UNBINDABLE, "The body is not JSON that binds to "
                + type.getTypeName() + " (each field present and of its type)", cause);
    }

    private static String decode(byte[] body) throws MessageBindingException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new MessageBindingException(DeadLetterCode.BODY_NOT_UTF8, "The body is not well-formed UTF-8, "
                    + "which JSON requires (RFC 8259)");
        }
    }
}
