package io.idempo.jsonb;

import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.spi.ResponseCodecException;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbException;
import java.lang.reflect.Type;

/** The Jakarta EE default: JSON-B, the same binding JAX-RS uses for the response entity. */
public final class JsonbResponseCodec implements ResponseCodec {

    private final Jsonb jsonb;

    public JsonbResponseCodec(Jsonb jsonb) {
        this.jsonb = jsonb;
    }

    /** A codec over the JSON-B implementation found on the class path (Yasson in Payara and WildFly). */
    public static JsonbResponseCodec create() {
        return new JsonbResponseCodec(JsonbBuilder.create());
    }

    @Override
    public String encode(Object value, Type type) {
        try {
            return jsonb.toJson(value, type);
        } catch (JsonbException e) {
            throw new ResponseCodecException("JSON-B cannot encode a " + type.getTypeName() + " result; make it a "
                    + "record or a bean with public accessors, or configure another ResponseCodec", e);
        }
    }

    @Override
    public Object decode(String text, Type type) {
        try {
            return jsonb.fromJson(text, type);
        } catch (JsonbException e) {
            throw new ResponseCodecException("JSON-B cannot decode the stored result as " + type.getTypeName()
                    + "; if the return type changed since the record was written, let the record expire", e);
        }
    }
}
