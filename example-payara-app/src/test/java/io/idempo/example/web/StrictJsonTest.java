package io.idempo.example.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link StrictJson}'s rule for whole-number fields, on JSON values as the parser gives them. */
class StrictJsonTest {

    @ParameterizedTest
    @ValueSource(strings = {"1", "1.0", "1.000", "1e0", "0.1e1", "10E-1"})
    void theSameValueWrittenDifferentlyIsOneWholeNumber(String json) {
        assertEquals(BigInteger.ONE, StrictJson.whole(value(json), Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    @Test
    void theRangeIsTheField() {
        assertEquals(BigInteger.valueOf(Long.MAX_VALUE), StrictJson.whole(value("9223372036854775807"),
                Long.MIN_VALUE, Long.MAX_VALUE));
        assertEquals(BigInteger.valueOf(-2147483648), StrictJson.whole(value("-2147483648"), Integer.MIN_VALUE,
                Integer.MAX_VALUE));
        assertEquals(BigInteger.ZERO, StrictJson.whole(value("0.0"), Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5", "0.1", "4294967297", "2147483648", "9223372036854775808", "1e400",
            "1e1000000000", "-1e1000000000", "\"77\"", "true", "[1]"})
    void anythingElseIsRefusedWith400(String json) {
        RejectedBodyException refused = assertThrows(RejectedBodyException.class,
                () -> StrictJson.whole(value(json), Integer.MIN_VALUE, Integer.MAX_VALUE));
        assertEquals(400, refused.status(), refused.getMessage());
    }

    @Test
    void nullStaysNullForTheValidationToRefuse() {
        assertNull(StrictJson.whole(JsonValue.NULL, Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    private static JsonValue value(String json) {
        return Json.createReader(new StringReader("[" + json + "]")).readArray().get(0);
    }
}
