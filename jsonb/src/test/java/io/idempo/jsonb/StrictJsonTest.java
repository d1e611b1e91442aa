package io.idempo.jsonb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link StrictJson} on whole bodies, with Yasson and Parsson as on Payara and WildFly. */
class StrictJsonTest {

    public record Order(Long productId, Integer quantity, String note) {
    }

    public record Basket(Order order, List<Order> more) {
    }

    private final StrictJson strict = new StrictJson();

    @Test
    void oneObjectBindsAndUnknownMembersAreIgnored() {
        assertEquals(new Order(1001L, 2, "jos\u00e9"),
                read("{\"productId\":1001,\"quantity\":2,\"note\":\"jos\u00e9\",\"coupon\":{\"code\":\"X\"}}\r\n"));
        assertEquals(new Order(1L, null, "}]\"{"), read(" {\"productId\":1,\"note\":\"}]\\\"{\"}\t"),
                "braces and quotes inside strings are text");
    }

    @Test
    void theSameValueWrittenDifferentlyBindsAlike() {
        for (String quantity : List.of("1.0", "1e0", "0.1e1", "10E-1")) {
            assertEquals(read("{\"quantity\":1}"), read("{\"quantity\":" + quantity + "}"), quantity);
        }
    }

    /** Each of these would bind to the same arguments as a different body under JSON-B's defaults. */
    @ParameterizedTest
    @ValueSource(strings = {
        "[{\"productId\":1}]", "[{\"productId\":1},{\"productId\":2}]", "null", "\"text\"", "7",
        "{\"productId\":1} xyz", "{\"productId\":1}{\"productId\":2}", "{\"productId\":1} {}",
        "{\"productId\":1,\"productId\":2}", "{\"note\":\"a\",\"coupon\":{\"x\":1,\"x\":1}}",
        "{\"quantity\":1.5}", "{\"quantity\":4294967297}", "{\"quantity\":\"1\"}", "{\"note\":77}",
        "productId=1&quantity=1", "{\"productId\":", "\uFEFF{}", " "})
    void anythingElseIsRefusedAsMalformed(String json) {
        StrictJsonException refused = assertThrows(StrictJsonException.class, () -> read(json), json);
        assertEquals(StrictJsonException.Reason.MALFORMED, refused.reason(), json);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "[{\"productId\":1}]|not an array",
        "{\"productId\":1} xyz|Only whitespace may follow the JSON object",
        "{\"productId\":1}{\"productId\":2}|Only whitespace may follow the JSON object",
        "{\"order\":{\"productId\":1,\"productId\":2}}|the same member name twice",
        "{\"productId\":|not well-formed JSON (line 1, column",
        "{\"quantity\":1.5}|outside -2147483648 to 2147483647",
        "{\"note\":true}|A text member holds a JSON true"})
    void theDetailSaysWhatIsWrong(String json, String detail) {
        StrictJsonException refused = assertThrows(StrictJsonException.class, () -> read(json));
        assertTrue(refused.getMessage().contains(detail), refused.getMessage());
    }

    @Test
    void aMemberNameMayRecurInOtherObjects() {
        Basket basket = strict.<Basket>read(utf8("{\"order\":{\"productId\":1},\"more\":[{\"productId\":2},"
                + "{\"productId\":3}]}"), Basket.class);
        assertEquals(3L, basket.more().get(1).productId());
        assertThrows(StrictJsonException.class, () -> strict.read(utf8("{\"more\":[{\"productId\":2,"
                + "\"productId\":3}]}"), Basket.class));
    }

    /** Yasson fails these in ways of its own (one with a bare "Unexpected state"): each is a 400, never a 500. */
    @ParameterizedTest
    @ValueSource(strings = {"{\"order\":[{\"productId\":1},{\"productId\":2}]}", "{\"order\":\"x\"}",
        "{\"more\":{\"productId\":1}}", "{\"more\":[1]}", "{\"order\":{\"quantity\":1e9999999999}}"})
    void aMemberOfAnotherShapeIsRefused(String json) {
        StrictJsonException refused = assertThrows(StrictJsonException.class,
                () -> strict.read(utf8(json), Basket.class), json);
        assertEquals(StrictJsonException.Reason.MALFORMED, refused.reason(), json);
    }

    @Test
    void aCollectionTakesAnArrayAndOnlyAnArray() {
        Order[] orders = strict.read(utf8("[{\"productId\":1},{\"productId\":2}]"), Order[].class);
        assertEquals(2L, orders[1].productId());
        StrictJsonException refused = assertThrows(StrictJsonException.class,
                () -> strict.read(utf8("{\"productId\":1}"), List.class));
        assertTrue(refused.getMessage().contains("must be one JSON array"), refused.getMessage());
        assertThrows(StrictJsonException.class, () -> strict.read(utf8("[1] [2]"), Order[].class));
    }

    @Test
    void anEmptyBodyIsRefusedAsEmpty() {
        assertEquals(StrictJsonException.Reason.EMPTY, assertThrows(StrictJsonException.class,
                () -> strict.read(new byte[0], Order.class)).reason());
    }

    /** The decoder reports what a lenient one would turn into U+FFFD, in strings and in ignored members alike. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "C328|a lead byte followed by ASCII",
        "C0AF|an overlong '/'",
        "EDA080|a surrogate",
        "F4908080|above U+10FFFF",
        "FF|a byte that UTF-8 never uses",
        "E282|cut short"})
    void bytesThatAreNotUtf8AreRefused(String hex, String what) {
        for (byte[] body : List.of(bytes("{\"note\":\"a", hex, "b\"}"), bytes("{\"note\":\"a\",\"x\":\"", hex, "\"}"),
                bytes("{\"note\":\"a\"}  ", hex, ""))) {
            StrictJsonException refused = assertThrows(StrictJsonException.class,
                    () -> strict.read(body, Order.class), what);
            assertEquals(StrictJsonException.Reason.NOT_UTF8, refused.reason(), what);
            assertTrue(refused.getMessage().startsWith("The body is not well-formed UTF-8 at byte "),
                    refused.getMessage());
        }
    }

    @Test
    void wellFormedUtf8IsTextCodePointByCodePoint() {
        Order nfc = strict.<Order>read(bytes("{\"note\":\"jos", "C3A9", "\"}"), Order.class);
        Order nfd = strict.<Order>read(bytes("{\"note\":\"jose", "CC81", "\"}"), Order.class);
        Order emoji = strict.<Order>read(bytes("{\"note\":\"", "F09F9880", "\"}"), Order.class);
        assertEquals("jos\u00e9", nfc.note());
        assertEquals("jose\u0301", nfd.note());
        assertNotEquals(nfc, nfd, "never normalised: two spellings, two requests");
        assertEquals("\uD83D\uDE00", emoji.note());
    }

    @Test
    void theRefusalNamesTheFirstBadByte() {
        StrictJsonException refused = assertThrows(StrictJsonException.class,
                () -> strict.read(bytes("{\"note\":\"a", "C328", "\"}"), Order.class));
        assertTrue(refused.getMessage().contains("at byte 10,"), refused.getMessage());
    }

    private Order read(String json) {
        return strict.<Order>read(utf8(json), Order.class);
    }

    private static byte[] utf8(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code before} and {@code after} as UTF-8, with the bytes of {@code hex} between them. */
    private static byte[] bytes(String before, String hex, String after) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(utf8(before));
        bytes.writeBytes(HexFormat.of().parseHex(hex));
        bytes.writeBytes(utf8(after));
        return bytes.toByteArray();
    }
}
