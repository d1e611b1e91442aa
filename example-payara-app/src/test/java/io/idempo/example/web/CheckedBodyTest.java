package io.idempo.example.web;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CheckedBodyTest {

    @Test
    void aBodyOfExactlyTheLimitPassesUnchanged() throws IOException {
        byte[] body = "{\"email\":\"jos\u00e9@example.com\"}".getBytes(StandardCharsets.UTF_8);
        CheckedBody checked = new CheckedBody(new ByteArrayInputStream(body), body.length, CheckedBody.Content.JSON_OBJECT);
        assertArrayEquals(body, checked.readAllBytes());
        assertTrue(checked.rejection().isEmpty());
    }

    @Test
    void theFirstByteBeyondTheLimitFailsTheReadWith413() {
        CheckedBody checked = new CheckedBody(new ByteArrayInputStream(new byte[101]), 100, CheckedBody.Content.BYTES);
        assertThrows(IOException.class, checked::readAllBytes);
        assertEquals(413, checked.rejection().orElseThrow().status());
    }

    @Test
    void whatTheReaderLeftIsCountedToo() throws IOException {
        byte[] body = ("{}" + " ".repeat(200)).getBytes(StandardCharsets.US_ASCII);
        CheckedBody checked = new CheckedBody(new ByteArrayInputStream(body), 100, CheckedBody.Content.JSON_OBJECT);
        assertEquals(2, checked.readNBytes(2).length, "the reader stops after the JSON value");
        assertThrows(IOException.class, checked::readToEnd);
        assertEquals(413, checked.rejection().orElseThrow().status());
    }

    @Test
    void bytesThatAreNotUtf8FailAJsonBodyWith400() {
        byte[] body = HexFormat.of().parseHex("7B2265223A2261C32862227D"); // {"e":"a<C3 28>b"}
        CheckedBody checked = new CheckedBody(new ByteArrayInputStream(body), 1_000, CheckedBody.Content.JSON_OBJECT);
        assertThrows(IOException.class, checked::readAllBytes);
        RejectedBodyException rejection = checked.rejection().orElseThrow();
        assertEquals(400, rejection.status());
        assertTrue(rejection.getMessage().contains("UTF-8"), rejection.getMessage());
    }

    @Test
    void aCharacterCutShortAtTheEndFailsTheRead() {
        CheckedBody checked = new CheckedBody(new ByteArrayInputStream(HexFormat.of().parseHex("22E282")), 1_000,
                CheckedBody.Content.JSON);
        assertThrows(IOException.class, checked::readAllBytes);
        assertEquals(400, checked.rejection().orElseThrow().status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"[{\"a\":1},{\"a\":2}]", "null", "\"text\"", "{\"a\":1} xyz", "{\"a\":1}{\"a\":2}",
            "{\"a\":\"}\"} x", "\uFEFF{}"})
    void aJsonBodyBoundToAnObjectMustBeOneObject(String json) {
        CheckedBody checked = new CheckedBody(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), 1_000,
                CheckedBody.Content.JSON_OBJECT);
        assertThrows(IOException.class, checked::readToEnd, json);
        assertEquals(400, checked.rejection().orElseThrow().status(), json);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", " {\"a\":[1,{\"b\":\"}]\\\"{\"}]}\r\n", "{\"e\":\"jos\u00e9\"}\t"})
    void oneObjectWithBracesInsideItsStringsPasses(String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        CheckedBody checked = new CheckedBody(new ByteArrayInputStream(body), 1_000, CheckedBody.Content.JSON_OBJECT);
        assertArrayEquals(body, checked.readAllBytes());
        assertTrue(checked.rejection().isEmpty());
    }

    @Test
    void aBodyThatIsNotJsonIsOnlyCounted() throws IOException {
        byte[] body = HexFormat.of().parseHex("C328FF");
        assertArrayEquals(body, new CheckedBody(new ByteArrayInputStream(body), 3, CheckedBody.Content.BYTES).readAllBytes());
    }
}
