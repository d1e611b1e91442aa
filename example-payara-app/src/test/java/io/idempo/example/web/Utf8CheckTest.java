package io.idempo.example.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Utf8Check} agrees with the JDK's strict UTF-8 decoder, byte sequence by byte sequence. */
class Utf8CheckTest {

    @Test
    void agreesWithTheStrictDecoderOnEveryTwoByteSequence() {
        for (int first = 0; first < 256; first++) {
            for (int second = 0; second < 256; second++) {
                assertAgrees(new byte[] {(byte) first, (byte) second});
            }
        }
    }

    @Test
    void agreesWithTheStrictDecoderOnRandomSequencesOfLeadAndContinuationBytes() {
        Random random = new Random(20261130);
        int[] interesting = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
                0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
        for (int i = 0; i < 200_000; i++) {
            byte[] bytes = new byte[1 + random.nextInt(6)];
            for (int j = 0; j < bytes.length; j++) {
                bytes[j] = (byte) interesting[random.nextInt(interesting.length)];
            }
            assertAgrees(bytes);
        }
    }

    @Test
    void refusesTheClassicMalformations() {
        assertFalse(wellFormed("C328"), "a lead byte followed by ASCII");
        assertFalse(wellFormed("C0AF"), "an overlong '/'");
        assertFalse(wellFormed("EDA080"), "a surrogate");
        assertFalse(wellFormed("F4908080"), "above U+10FFFF");
        assertFalse(wellFormed("E282"), "cut short at the end");
        assertTrue(wellFormed("6A6F73C3A9"), "NFC: jos\u00e9");
        assertTrue(wellFormed("6A6F7365CC81"), "NFD: jose + combining acute");
        assertTrue(wellFormed("F09F9880"), "an emoji");
    }

    private static void assertAgrees(byte[] bytes) {
        assertEquals(strictlyDecodes(bytes), wellFormed(bytes), HexFormat.of().formatHex(bytes));
    }

    private static boolean wellFormed(String hex) {
        return wellFormed(HexFormat.of().parseHex(hex));
    }

    private static boolean wellFormed(byte[] bytes) {
        Utf8Check check = new Utf8Check();
        for (byte b : bytes) {
            if (!check.accept(b & 0xFF)) {
                return false;
            }
        }
        return check.complete();
    }

    private static boolean strictlyDecodes(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
