package io.idempo.messaging;

import io.idempo.jsonb.StrictJson;
import io.idempo.jsonb.StrictJsonException;
import jakarta.json.bind.JsonbConfig;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * The default binder: a JSON body bound by idempo-jsonb's {@link StrictJson}, the binding idempo's HTTP adapter uses
 * too, so that two different messages never bind to the same payload, key and fingerprint: strict UTF-8, one JSON
 * value of the payload's shape without duplicate member names, each scalar of its own JSON type (no {@code "7"} for
 * 7, no 1.5 for 1). {@link #of(Type)} also requires every parameter of a record's (or a {@code @JsonbCreator}'s)
 * constructor to be present: a field that is missing is a refused body, not a silent null. Reasons never quote the
 * body.
 *
 * @param <T> the payload type
 */
public final class StrictJsonMessageBinder<T> implements MessageBinder<T> {

    private final StrictJson json;
    private final Type type;

    /** @param type the payload type, generic types included ({@code T} must be what it describes) */
    public StrictJsonMessageBinder(StrictJson json, Type type) {
        this.json = Objects.requireNonNull(json, "json");
        this.type = Objects.requireNonNull(type, "type");
    }

    /** A binder over the JSON-B and JSON-P implementations on the class path, every creator parameter required. */
    public static <T> StrictJsonMessageBinder<T> of(Type type) {
        return new StrictJsonMessageBinder<>(new StrictJson(new JsonbConfig().withCreatorParametersRequired(true)),
                type);
    }

    @Override
    public T bind(ReceivedMessage message) throws MessageBindingException {
        T payload;
        try {
            payload = json.read(message.body(), type);
        } catch (StrictJsonException e) {
            throw new MessageBindingException(e.reason() == StrictJsonException.Reason.NOT_UTF8
                    ? DeadLetterCode.BODY_NOT_UTF8 : DeadLetterCode.BODY_UNBINDABLE,
                    e.getMessage() + " (expected " + type.getTypeName() + ")", e);
        }
        if (payload == null) {
            throw new MessageBindingException(DeadLetterCode.BODY_UNBINDABLE, "The body is JSON null (expected "
                    + type.getTypeName() + ")");
        }
        return payload;
    }
}
