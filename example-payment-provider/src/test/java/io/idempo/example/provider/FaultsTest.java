package io.idempo.example.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** PROVIDER_FAULTS as {@link Faults#parse} reads it, and what it refuses. */
class FaultsTest {

    @Test
    void everyFaultIsRead() {
        Faults faults = Faults.parse("lose-response:0.3, fail-before:0.1,delay-ms:250,webhook-twice:.5");

        assertEquals(new Faults(0.3, 0.1, Duration.ofMillis(250), 0.5), faults);
        assertEquals("lose-response:0.3,fail-before:0.1,delay-ms:250,webhook-twice:0.5", faults.toString());
    }

    @Test
    void blankIsNoFault() {
        assertEquals(Faults.NONE, Faults.parse(""));
        assertEquals(Faults.NONE, Faults.parse("  "));
        assertEquals("none", Faults.NONE.toString());
    }

    @Test
    void zeroAndOneAreProbabilities() {
        assertEquals(new Faults(1, 0, Duration.ZERO, 1.0), Faults.parse("lose-response:1,fail-before:0,"
                + "webhook-twice:1.00"));
    }

    @ParameterizedTest(name = "[{0}] -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "lose-response                  | `\"lose-response\" is not name:value`",
        "lose-respons:0.3               | `unknown fault \"lose-respons\"`",
        "lose-response:0.3,             | `\"\" is not name:value`",
        "lose-response:1.5              | `lose-response takes a probability from 0 to 1`",
        "fail-before:-0.1               | `fail-before takes a probability from 0 to 1`",
        "fail-before:half               | `fail-before takes a probability from 0 to 1`",
        "webhook-twice:                 | `webhook-twice takes a probability from 0 to 1`",
        "webhook-twice:1e-1             | `webhook-twice takes a probability from 0 to 1`",
        "delay-ms:1.5                   | `delay-ms takes a whole number of milliseconds`",
        "delay-ms:-1                    | `delay-ms takes a whole number of milliseconds`",
        "delay-ms:600001                | `delay-ms must be from 0 to 600000`",
        "fail-before:0.1,fail-before:0.2 | `fail-before is given twice`",
    })
    void aBadSpecIsRefusedSayingWhy(String spec, String why) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Faults.parse(spec));

        assertTrue(refused.getMessage().contains(why), refused::getMessage);
    }
}
