package io.idempo.example.web;

import jakarta.json.JsonNumber;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;

/**
 * The API's JSON-B: the defaults, except that {@code Integer} and {@code Long} fields take only a JSON number
 * whose value is a whole number in the field's range. Yasson's own conversion truncates 1.5 to 1, wraps
 * 4294967297 around to 1 in an {@code Integer} and reads the string "77" as 77, so that different requests would
 * bind to the same arguments, the same fingerprint, and be answered as replays of each other. The same value
 * written differently ({@code 1}, {@code 1.0}, {@code 1e0}) still binds to the same number, as it should.
 */
@Provider
public class StrictJson implements ContextResolver<Jsonb> {

    private final Jsonb jsonb = JsonbBuilder.create(new JsonbConfig()
            .withDeserializers(new WholeInteger(), new WholeLong()));

    @Override
    public Jsonb getContext(Class<?> type) {
        return jsonb;
    }

    /** {@code Integer} fields. */
    public static final class WholeInteger implements JsonbDeserializer<Integer> {
        @Override
        public Integer deserialize(JsonParser parser, DeserializationContext context, Type type) {
            BigInteger value = whole(parser.getValue(), Integer.MIN_VALUE, Integer.MAX_VALUE);
            return value == null ? null : value.intValue();
        }
    }

    /** {@code Long} fields. */
    public static final class WholeLong implements JsonbDeserializer<Long> {
        @Override
        public Long deserialize(JsonParser parser, DeserializationContext context, Type type) {
            BigInteger value = whole(parser.getValue(), Long.MIN_VALUE, Long.MAX_VALUE);
            return value == null ? null : value.longValue();
        }
    }

    /** The whole number {@code value} is, or null for JSON null; refused otherwise. */
    static BigInteger whole(JsonValue value, long min, long max) {
        if (value.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (!(value instanceof JsonNumber number)) {
            throw RejectedBodyException.malformed("A whole-number field holds a JSON "
                    + value.getValueType().name().toLowerCase(Locale.ROOT) + ": send a number, without quotes");
        }
        BigDecimal decimal = number.bigDecimalValue();
        // Digits before the point, checked first: 1e1000000000 must not be expanded to find out it is too large.
        boolean inRange = decimal.signum() == 0 || decimal.precision() - decimal.scale() <= 19;
        BigInteger whole = null;
        if (inRange && decimal.stripTrailingZeros().scale() <= 0) {
            whole = decimal.toBigIntegerExact();
            inRange = whole.compareTo(BigInteger.valueOf(min)) >= 0 && whole.compareTo(BigInteger.valueOf(max)) <= 0;
        }
        if (whole == null || !inRange) {
            throw RejectedBodyException.malformed("A whole-number field holds a fraction or a number outside "
                    + min + " to " + max + ": send the exact whole number (1 or 1.0, not 1.5)");
        }
        return whole;
    }
}
