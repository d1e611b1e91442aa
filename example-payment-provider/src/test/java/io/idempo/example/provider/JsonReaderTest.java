package io.idempo.example.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The strict JSON reader behind the charge request: what it reads, and what it refuses with a position. */
class JsonReaderTest {

    @Test
    void readsEveryKindOfValue() throws Exception {
        Object json = JsonReader.read(" {\"a\":[1,-0.5e3,true,false,null],\"b\":\"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\","
                + "\"c\":{}} ");

        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("a", Arrays.asList(new JsonReader.Number("1"), new JsonReader.Number("-0.5e3"), true, false,
                null));
        expected.put("b", "x\"\\/\b\f\n\r\t\u00e9");
        expected.put("c", Map.of());
        assertEquals(expected, json);
    }

    @Test
    void nestingIsBounded() throws Exception {
        String deepest = "[".repeat(JsonReader.MAX_DEPTH) + "]".repeat(JsonReader.MAX_DEPTH);
        assertEquals(List.class.isInstance(JsonReader.read(deepest)), true);

        JsonReader.MalformedJsonException refused = assertThrows(JsonReader.MalformedJsonException.class,
                () -> JsonReader.read("[" + deepest + "]"));
        assertTrue(refused.getMessage().contains("nested deeper than"), refused::getMessage);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "{", "{\"a\"}", "{\"a\":}", "{a:1}", "[1 2]", "\"open", "\"tab\there\"",
        "\"\\x\"", "\"\\u12\"", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul", "{} {}", "NaN"})
    void refusesWhatIsNotJson(String text) {
        JsonReader.MalformedJsonException refused = assertThrows(JsonReader.MalformedJsonException.class,
                () -> JsonReader.read(text));

        assertTrue(refused.getMessage().contains(" at character "), refused::getMessage);
    }
}
