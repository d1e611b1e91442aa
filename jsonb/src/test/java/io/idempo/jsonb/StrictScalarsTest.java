package io.idempo.jsonb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link StrictScalars}: the rule for whole numbers on JSON values, then every type through Yasson. */
class StrictScalarsTest {

    public record Members(Byte b, Short s, Integer i, Long l, BigInteger big, BigDecimal dec, Double d, Float f,
                          String text, Boolean flag) {
    }

    private final Jsonb jsonb = JsonbBuilder.create(new JsonbConfig()
            .withDeserializers(StrictScalars.deserializers()));

    @ParameterizedTest
    @ValueSource(strings = {"1", "1.0", "1.000", "1e0", "0.1e1", "10E-1"})
    void theSameValueWrittenDifferentlyIsOneWholeNumber(String json) {
        assertEquals(1, StrictScalars.whole(value(json), Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    @Test
    void theRangeIsTheMember() {
        assertEquals(Long.MAX_VALUE, StrictScalars.whole(value("9223372036854775807"), Long.MIN_VALUE, Long.MAX_VALUE));
        assertEquals(-2147483648, StrictScalars.whole(value("-2147483648"), Integer.MIN_VALUE, Integer.MAX_VALUE));
        assertEquals(0, StrictScalars.whole(value("0.0"), Integer.MIN_VALUE, Integer.MAX_VALUE));
        assertEquals(0, StrictScalars.whole(value("0e-1000000000"), Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5", "0.1", "4294967297", "2147483648", "9223372036854775808", "1e400",
            "1e1000000000", "-1e1000000000", "1e-1000000000", "\"77\"", "true", "[1]", "{}"})
    void anythingElseIsRefusedAtOnce(String json) {
        StrictJsonException refused = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(
                StrictJsonException.class, () -> StrictScalars.whole(value(json), Integer.MIN_VALUE,
                        Integer.MAX_VALUE)), "a huge exponent must not be expanded");
        assertEquals(StrictJsonException.Reason.MALFORMED, refused.reason(), refused.getMessage());
    }

    @Test
    void eachTypeTakesItsOwnJsonType() {
        assertEquals(new Members((byte) -128, (short) 32767, 1, 4294967297L, new BigInteger("123456789012345678901"),
                new BigDecimal("199.00"), 0.5, 0.25f, "77", true), bind("{\"b\":-128,\"s\":32767,\"i\":1e0,"
                        + "\"l\":4294967297,\"big\":123456789012345678901,\"dec\":199.00,\"d\":0.5,\"f\":0.25,"
                        + "\"text\":\"77\",\"flag\":true}"));
        assertEquals(new Members(null, null, null, null, null, null, null, null, null, null), bind("{\"b\":null,"
                + "\"s\":null,\"i\":null,\"l\":null,\"big\":null,\"dec\":null,\"d\":null,\"f\":null,\"text\":null,"
                + "\"flag\":null}"), "null stays null, for the application's own validation");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "b|128", "s|1.5", "i|4294967297", "i|\"1\"", "l|1.5", "l|9223372036854775808", "big|1.5", "big|1e3",
        "big|\"1\"", "dec|\"1.5\"", "d|\"0.5\"", "d|1e400", "f|1e39", "text|77", "text|true", "text|{}",
        "flag|\"true\"", "flag|1"})
    void aValueOfAnotherKindIsRefused(String member, String json) {
        RuntimeException bound = assertThrows(RuntimeException.class, () -> bind("{\"" + member + "\":" + json
                + "}"));
        assertEquals(StrictJsonException.class, refusal(bound).getClass(), bound.toString());
    }

    private Members bind(String json) {
        return jsonb.fromJson(json, Members.class);
    }

    /** The refusal, or the innermost cause when there is none: JSON-B wraps what a deserializer throws. */
    private static Throwable refusal(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && !(cause instanceof StrictJsonException)) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static JsonValue value(String json) {
        return Json.createReader(new StringReader("[" + json + "]")).readArray().get(0);
    }
}
