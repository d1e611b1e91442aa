package io.idempo.jsonb;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.stream.JsonParser;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.function.LongFunction;

/**
 * JSON-B deserializers that keep a member's JSON type: a number type takes a JSON number, an integral one an exact
 * whole number within its range; {@code String} takes a JSON string; {@code Boolean} takes {@code true} or
 * {@code false}. JSON-B's own conversions (Yasson's, as seen on Payara 6 and WildFly 39) truncate 1.5 to 1, wrap
 * 4294967297 around to 1 in an {@code Integer}, read the string {@code "77"} as 77 and the number 77 as the string
 * {@code "77"}: different bodies would bind to the same arguments, the same fingerprint, and be answered as replays
 * of each other. The same value written differently ({@code 1}, {@code 1.0}, {@code 1e0}) still binds to one number,
 * as it should. JSON null stays null, for the application to refuse or accept.
 *
 * <p>JSON-B matches deserializers by exact type, so primitive members ({@code int}, {@code long}, ...) keep its
 * conversions; they also bind a missing member as 0. Boxed types are the strict ones.
 */
final class StrictScalars {

    private StrictScalars() {
    }

    /** One deserializer per strict type, for {@code JsonbConfig.withDeserializers}. */
    static JsonbDeserializer<?>[] deserializers() {
        return new JsonbDeserializer<?>[] {new Bytes(), new Shorts(), new Integers(), new Longs(), new BigIntegers(),
            new BigDecimals(), new Doubles(), new Floats(), new Strings(), new Booleans()};
    }

    /** Null as null; any other value through {@link #convert}, which refuses a value of the wrong JSON type. */
    abstract static class Scalar<T> implements JsonbDeserializer<T> {
        @Override
        public final T deserialize(JsonParser parser, DeserializationContext context, Type type) {
            JsonValue value = parser.getValue();
            return value.getValueType() == JsonValue.ValueType.NULL ? null : convert(value);
        }

        abstract T convert(JsonValue value);
    }

    /** An integral type: an exact whole number from {@code min} to {@code max}, narrowed to the type. */
    abstract static class Whole<T> extends Scalar<T> {
        private final long min;
        private final long max;
        private final LongFunction<T> narrow;

        Whole(long min, long max, LongFunction<T> narrow) {
            this.min = min;
            this.max = max;
            this.narrow = narrow;
        }

        @Override
        final T convert(JsonValue value) {
            return narrow.apply(whole(value, min, max));
        }
    }

    static final class Bytes extends Whole<Byte> {
        Bytes() {
            super(Byte.MIN_VALUE, Byte.MAX_VALUE, whole -> (byte) whole);
        }
    }

    static final class Shorts extends Whole<Short> {
        Shorts() {
            super(Short.MIN_VALUE, Short.MAX_VALUE, whole -> (short) whole);
        }
    }

    static final class Integers extends Whole<Integer> {
        Integers() {
            super(Integer.MIN_VALUE, Integer.MAX_VALUE, whole -> (int) whole);
        }
    }

    static final class Longs extends Whole<Long> {
        Longs() {
            super(Long.MIN_VALUE, Long.MAX_VALUE, whole -> whole);
        }
    }

    /** Written without a fraction or an exponent, as Yasson asks too: {@code 1e1000000000} is never expanded. */
    static final class BigIntegers extends Scalar<BigInteger> {
        @Override
        BigInteger convert(JsonValue value) {
            BigDecimal decimal = number(value, "whole-number").bigDecimalValue();
            if (decimal.scale() != 0) {
                throw StrictJsonException.malformed("A whole-number member holds a fraction or an exponent: send the"
                        + " number written out, such as 1000");
            }
            return decimal.unscaledValue();
        }
    }

    static final class BigDecimals extends Scalar<BigDecimal> {
        @Override
        BigDecimal convert(JsonValue value) {
            return number(value, "number").bigDecimalValue();
        }
    }

    static final class Doubles extends Scalar<Double> {
        @Override
        Double convert(JsonValue value) {
            return finite(number(value, "number").doubleValue(), "double");
        }
    }

    static final class Floats extends Scalar<Float> {
        @Override
        Float convert(JsonValue value) {
            return (float) finite((float) number(value, "number").doubleValue(), "float");
        }
    }

    static final class Strings extends Scalar<String> {
        @Override
        String convert(JsonValue value) {
            if (value instanceof JsonString string) {
                return string.getString();
            }
            throw wrongType(value, "text", "a JSON string, in quotes");
        }
    }

    static final class Booleans extends Scalar<Boolean> {
        @Override
        Boolean convert(JsonValue value) {
            return switch (value.getValueType()) {
                case TRUE -> Boolean.TRUE;
                case FALSE -> Boolean.FALSE;
                default -> throw wrongType(value, "true-or-false", "true or false, without quotes");
            };
        }
    }

    /**
     * The whole number {@code value} is, within {@code min} to {@code max}; refused otherwise.
     * {@link BigDecimal#longValueExact()} refuses a fraction, and a number beyond {@code long} from its digit count,
     * without expanding {@code 1e1000000000}.
     */
    static long whole(JsonValue value, long min, long max) {
        BigDecimal decimal = number(value, "whole-number").bigDecimalValue();
        try {
            long whole = decimal.longValueExact();
            if (whole >= min && whole <= max) {
                return whole;
            }
        } catch (ArithmeticException e) {
            // a fraction or beyond long: refused below
        }
        throw StrictJsonException.malformed("A whole-number member holds a fraction or a number outside " + min
                + " to " + max + ": send the exact whole number (1 or 1.0, not 1.5)");
    }

    private static JsonNumber number(JsonValue value, String kind) {
        if (value instanceof JsonNumber number) {
            return number;
        }
        throw wrongType(value, kind, "a JSON number, without quotes");
    }

    private static double finite(double value, String type) {
        if (Double.isInfinite(value)) {
            throw StrictJsonException.malformed("A number member holds a number beyond the range of a " + type
                    + ": send a smaller one");
        }
        return value;
    }

    private static StrictJsonException wrongType(JsonValue value, String kind, String expected) {
        return StrictJsonException.malformed("A " + kind + " member holds a JSON "
                + value.getValueType().name().toLowerCase(Locale.ROOT) + ": send " + expected);
    }
}
