package io.idempo.example.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The waits between webhook attempts: doubling from the first, never above the bound. */
class WebhookBackoffTest {

    @Test
    void theDefaultWaitsDoubleUpTo30Seconds() {
        List<Long> waits = IntStream.rangeClosed(1, 9).mapToObj(WebhookBackoff.DEFAULT::after)
                .map(Duration::toMillis).toList();

        assertEquals(List.of(500L, 1_000L, 2_000L, 4_000L, 8_000L, 16_000L, 30_000L, 30_000L, 30_000L), waits);
        assertEquals(Duration.ofSeconds(30), WebhookBackoff.DEFAULT.after(Integer.MAX_VALUE));
        assertEquals(Duration.ofHours(24), WebhookBackoff.DEFAULT.giveUpAfter());
    }

    @Test
    void aBackoffNeedsAPositiveFirstWaitUnderItsBound() {
        assertThrows(IllegalArgumentException.class, () -> new WebhookBackoff(Duration.ZERO, Duration.ofSeconds(1),
                Duration.ofHours(1)));
        assertThrows(IllegalArgumentException.class, () -> new WebhookBackoff(Duration.ofSeconds(2),
                Duration.ofSeconds(1), Duration.ofHours(1)));
    }
}
