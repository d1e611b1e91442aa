package io.idempo.example.web;

/**
 * Checks bytes, one at a time, for well-formed UTF-8 as the Unicode standard defines it (Table 3-7): no overlong
 * forms, no surrogates, nothing above U+10FFFF, no sequence cut short. The JSON parser would replace each bad byte
 * with U+FFFD and go on, so that two different bodies could bind to the same text.
 */
final class Utf8Check {

    /** Continuation bytes still expected in the current sequence. */
    private int pending;
    /** The range allowed for the next continuation byte (narrower right after some lead bytes). */
    private int low = 0x80;
    private int high = 0xBF;

    /** Whether {@code b} (0-255) may come next. */
    boolean accept(int b) {
        if (pending > 0) {
            if (b < low || b > high) {
                return false;
            }
            pending--;
            low = 0x80;
            high = 0xBF;
            return true;
        }
        if (b < 0x80) {
            return true;
        }
        if (b >= 0xC2 && b <= 0xDF) {
            return expect(1, 0x80, 0xBF);
        }
        if (b >= 0xE0 && b <= 0xEF) {
            return expect(2, b == 0xE0 ? 0xA0 : 0x80, b == 0xED ? 0x9F : 0xBF);
        }
        if (b >= 0xF0 && b <= 0xF4) {
            return expect(3, b == 0xF0 ? 0x90 : 0x80, b == 0xF4 ? 0x8F : 0xBF);
        }
        return false;
    }

    /** Whether the bytes so far end on a whole character. */
    boolean complete() {
        return pending == 0;
    }

    private boolean expect(int continuations, int nextLow, int nextHigh) {
        pending = continuations;
        low = nextLow;
        high = nextHigh;
        return true;
    }
}
