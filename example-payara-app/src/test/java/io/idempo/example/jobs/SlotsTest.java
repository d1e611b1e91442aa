package io.idempo.example.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SlotsTest {

    private final Slots minutes = new Slots(Duration.ofMinutes(1));

    @Test
    void aSlotIsItsStartTruncatedToThePeriodAndSpelledInIso8601() {
        assertEquals("2026-12-01T12:20:00Z", minutes.containing(Instant.parse("2026-12-01T12:20:41.123Z")).toString());
        assertEquals("2026-12-01T12:21:00Z", minutes.after(Instant.parse("2026-12-01T12:20:41.123Z")).toString());
        assertEquals("2026-12-01T12:20:00Z", minutes.containing(Instant.parse("2026-12-01T12:20:00Z")).toString());
        Slots fiveSeconds = new Slots(Duration.ofSeconds(5));
        assertEquals("2026-12-01T12:20:05Z", fiveSeconds.containing(Instant.parse("2026-12-01T12:20:09.999Z"))
                .toString());
    }

    @Test
    void aLateTickRunsTheNextSlotButANodeFarBehindSkipsToTheCurrentOne() {
        Instant slot = Instant.parse("2026-12-01T12:20:00Z");
        assertEquals(Instant.parse("2026-12-01T12:21:00Z"), minutes.next(slot, Instant.parse("2026-12-01T12:20:00.010Z")));
        assertEquals(Instant.parse("2026-12-01T12:21:00Z"), minutes.next(slot, Instant.parse("2026-12-01T12:21:30Z")),
                "a tick late by less than a slot runs the next slot at once");
        assertEquals(Instant.parse("2026-12-01T12:25:00Z"), minutes.next(slot, Instant.parse("2026-12-01T12:25:10Z")),
                "the missed slots are left to the other nodes");
    }

    @Test
    void aSlotLastsAPositiveTime() {
        assertThrows(IllegalArgumentException.class, () -> new Slots(Duration.ZERO));
    }
}
