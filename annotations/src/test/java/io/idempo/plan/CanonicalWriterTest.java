package io.idempo.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class CanonicalWriterTest {

    private static Fingerprint encode(Consumer<CanonicalWriter> body) {
        return encode(List.of(), body);
    }

    private static Fingerprint encode(List<String> fieldPaths, Consumer<CanonicalWriter> body) {
        CanonicalWriter writer = new CanonicalWriter();
        writer.reset();
        body.accept(writer);
        return writer.finish(fieldPaths);
    }

    private static String hex(Consumer<CanonicalWriter> body) {
        return HexFormat.of().formatHex(encode(body).encoded());
    }

    @Test
    void pinsTheByteLayoutOfEachTag() {
        assertEquals("00", hex(CanonicalWriter::writeNull));
        assertEquals("01", hex(w -> w.writeBoolean(false)));
        assertEquals("02", hex(w -> w.writeBoolean(true)));
        assertEquals("03000000000000002a", hex(w -> w.writeLong(42)));
        assertEquals("0400000001" + "2a", hex(w -> w.writeBigInteger(BigInteger.valueOf(42))));
        assertEquals("05fffffffd" + "00000001" + "01", hex(w -> w.writeDecimal(new BigDecimal("1000"))));
        assertEquals("06" + "3ff0000000000000", hex(w -> w.writeDouble(1.0)));
        assertEquals("07" + "00000002" + "c3a9", hex(w -> w.writeString("é")));
        assertEquals("08" + "00000003" + "524544", hex(w -> w.writeEnum(Color.RED)));
        assertEquals("09" + "0000000000000001" + "0000000000000002", hex(w -> w.writeUuid(new UUID(1, 2))));
        assertEquals("0a" + "00000009" + "4c6f63616c44617465" + "0000000a" + "323032362d31312d3330",
                hex(w -> w.writeTemporal(LocalDate.of(2026, 11, 30))));
        assertEquals("0b" + "00000002" + "0102", hex(w -> w.writeBytes(new byte[] {1, 2})));
        assertEquals("0c" + "00000001" + "00", hex(w -> w.writeList(Arrays.asList((String) null),
                CanonicalWriter::writeString)));
        assertEquals("0f" + "00000001" + "00000001" + "61" + "02", hex(w -> {
            w.beginObject(1);
            w.property(CanonicalWriter.name("a"));
            w.writeBoolean(true);
        }));
        assertEquals("10" + "00000001" + "78" + "00", HexFormat.of().formatHex(encode(List.of("x"), w -> {
            w.field(CanonicalWriter.name("x"));
            w.writeNull();
        }).encoded()));
    }

    @Test
    void decimalsAreNormalised() {
        Fingerprint one = encode(w -> w.writeDecimal(new BigDecimal("1")));
        assertEquals(one, encode(w -> w.writeDecimal(new BigDecimal("1.0"))));
        assertEquals(one, encode(w -> w.writeDecimal(new BigDecimal("1.000"))));
        assertEquals(encode(w -> w.writeDecimal(BigDecimal.ZERO)), encode(w -> w.writeDecimal(new BigDecimal("0.00"))));
        assertEquals(encode(w -> w.writeDecimal(new BigDecimal("100"))), encode(w -> w.writeDecimal(new BigDecimal("1E+2"))));
        assertNotEquals(one, encode(w -> w.writeDecimal(new BigDecimal("1.01"))));
    }

    /** Decimals that fit a long skip BigInteger; the bytes must be those of the specification's definition. */
    @Test
    void decimalsAreEncodedAsStrippedScaleAndUnscaledTwosComplement() {
        for (String text : List.of("0", "0.000", "-0.0", "0E+5", "1", "-1", "199.00", "-199.00", "4.50", "1E+2",
                "100", "127", "128", "-128", "-129", "255", "256", "32768", "-32769", "0.001", "-1234.5000",
                "999999999999999999", "-999999999999999999", "99999999999999999.9", "9223372036854775807",
                "-9223372036854775808", "9223372036854775808", "123456789012345678901234567890.10",
                "1E-2147483647", "1.0E-2147483646", "10E+2147483647", "1E+2147483647")) {
            BigDecimal value = new BigDecimal(text);
            BigDecimal normal = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
            byte[] unscaled = normal.unscaledValue().toByteArray();
            String expected = "05" + String.format("%08x", normal.scale()) + String.format("%08x", unscaled.length)
                    + HexFormat.of().formatHex(unscaled);
            assertEquals(expected, hex(w -> w.writeDecimal(value)), text);
        }
    }

    @Test
    void integralWidthsAgreeAndBoxesMatchPrimitives() {
        assertEquals(encode(w -> w.writeLong(7)), encode(w -> w.writeLong(Integer.valueOf(7))));
        assertEquals(encode(w -> w.writeLong((short) 7)), encode(w -> w.writeLong(7L)));
        assertEquals(encode(CanonicalWriter::writeNull), encode(w -> w.writeLong((Long) null)));
    }

    @Test
    void floatingPointFoldsNegativeZeroAndNaN() {
        assertEquals(encode(w -> w.writeDouble(0.0)), encode(w -> w.writeDouble(-0.0)));
        assertEquals(encode(w -> w.writeDouble(Double.NaN)),
                encode(w -> w.writeDouble(Double.longBitsToDouble(0x7ff8000000000001L))));
        assertEquals(encode(w -> w.writeDouble(0.5f)), encode(w -> w.writeDouble(0.5d)));
    }

    @Test
    void nullEmptyAndAbsentAreDistinctButOptionalIsItsValue() {
        assertNotEquals(encode(w -> w.writeString(null)), encode(w -> w.writeString("")));
        assertNotEquals(encode(w -> w.writeList(null, CanonicalWriter::writeString)),
                encode(w -> w.writeList(List.of(), CanonicalWriter::writeString)));
        assertEquals(encode(w -> w.writeString("x")), encode(w -> w.writeOptional(Optional.of("x"),
                CanonicalWriter::writeString)));
        assertEquals(encode(CanonicalWriter::writeNull), encode(w -> w.writeOptional(Optional.empty(),
                CanonicalWriter::writeString)));
    }

    @Test
    void stringsAreNotUnicodeNormalised() {
        assertNotEquals(encode(w -> w.writeString("\u00e9")), encode(w -> w.writeString("e\u0301")));
    }

    @Test
    void setsAndMapsIgnoreIterationOrderButListsDoNot() {
        Set<String> forward = new LinkedHashSet<>(List.of("b", "a", "c"));
        Set<String> backward = new LinkedHashSet<>(List.of("c", "a", "b"));
        assertEquals(encode(w -> w.writeSet(forward, CanonicalWriter::writeString)),
                encode(w -> w.writeSet(backward, CanonicalWriter::writeString)));
        assertNotEquals(encode(w -> w.writeList(new ArrayList<>(forward), CanonicalWriter::writeString)),
                encode(w -> w.writeList(new ArrayList<>(backward), CanonicalWriter::writeString)));

        Map<String, Long> linked = new LinkedHashMap<>();
        linked.put("z", 1L);
        linked.put("a", 2L);
        Map<String, Long> hashed = new HashMap<>(Map.of("a", 2L, "z", 1L));
        Map<String, Long> sorted = new TreeMap<>(linked);
        Fingerprint expected = encode(w -> w.writeMap(linked, CanonicalWriter::writeString, CanonicalWriter::writeLong));
        assertEquals(expected, encode(w -> w.writeMap(hashed, CanonicalWriter::writeString, CanonicalWriter::writeLong)));
        assertEquals(expected, encode(w -> w.writeMap(sorted, CanonicalWriter::writeString, CanonicalWriter::writeLong)));
        assertNotEquals(expected, encode(w -> w.writeMap(Map.of("a", 1L, "z", 2L), CanonicalWriter::writeString,
                CanonicalWriter::writeLong)));
    }

    @Test
    void nestedSetsAreSortedAtEveryLevel() {
        Set<Set<String>> one = new LinkedHashSet<>(List.of(new LinkedHashSet<>(List.of("x", "y")), Set.of("a")));
        Set<Set<String>> two = new LinkedHashSet<>(List.of(Set.of("a"), new LinkedHashSet<>(List.of("y", "x"))));
        assertEquals(encode(w -> w.writeSet(one, (o, s) -> o.writeSet(s, CanonicalWriter::writeString))),
                encode(w -> w.writeSet(two, (o, s) -> o.writeSet(s, CanonicalWriter::writeString))));
    }

    @Test
    void temporalValuesKeepTheirOffsetAndType() {
        assertNotEquals(encode(w -> w.writeTemporal(Instant.EPOCH)),
                encode(w -> w.writeTemporal(java.time.OffsetDateTime.parse("1970-01-01T01:00+01:00"))));
        assertEquals(encode(w -> w.writeTemporal(Instant.parse("2026-01-01T00:00:00Z"))),
                encode(w -> w.writeTemporal(Instant.ofEpochSecond(1767225600L))));
    }

    @Test
    void fieldDigestsNameEachFieldAndChangeOnlyWithIt() {
        List<String> paths = List.of("order.amount", "order.currency");
        CanonicalWriter.Name amount = CanonicalWriter.name("order.amount");
        CanonicalWriter.Name currency = CanonicalWriter.name("order.currency");
        Fingerprint first = encode(paths, w -> {
            w.field(amount);
            w.writeLong(100);
            w.field(currency);
            w.writeString("EUR");
        });
        Fingerprint second = encode(paths, w -> {
            w.field(amount);
            w.writeLong(200);
            w.field(currency);
            w.writeString("EUR");
        });
        assertEquals(List.of("order.amount", "order.currency"), List.copyOf(first.fieldDigests().keySet()));
        assertNotEquals(first.fieldDigests().get("order.amount"), second.fieldDigests().get("order.amount"));
        assertEquals(first.fieldDigests().get("order.currency"), second.fieldDigests().get("order.currency"));
        assertEquals(16, first.fieldDigests().get("order.amount").length());
        assertEquals(64, first.digest().length());
    }

    @Test
    void stringsAreEncodedExactlyAsTheJdksUtf8() {
        for (String text : List.of("", "plain ascii", "grün", "日本語", "☕ café", "emoji 😀 and 𝄞",
                "lone high \ud83d end", "lone low \ude00 end", "\ud83d", "mixed é😀日\u0000")) {
            byte[] utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            String expected = "07" + String.format("%08x", utf8.length) + HexFormat.of().formatHex(utf8);
            assertEquals(expected, hex(w -> w.writeString(text)), text);
        }
    }

    @Test
    void namesAreEncodedAsStringsWithoutTheTag() {
        for (String text : List.of("a", "customerId", "request.amount", "größe", "名前")) {
            String property = hex(w -> w.property(CanonicalWriter.name(text)));
            assertEquals(hex(w -> w.writeString(text)).substring(2), property, text);
        }
    }

    @Test
    void growsPastItsInitialBuffer() {
        String large = "x".repeat(10_000);
        assertEquals(1 + 4 + 10_000, encode(w -> w.writeString(large)).encoded().length);
    }

    enum Color { RED }
}
