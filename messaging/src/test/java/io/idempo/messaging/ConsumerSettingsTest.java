package io.idempo.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The consumer's settings: a name fit to be a scope, and a retry delay that doubles up to its cap. */
class ConsumerSettingsTest {

    @Test
    void theRetryDelayDoublesWithEachAttemptUpToThirtySeconds() {
        ConsumerSettings settings = ConsumerSettings.named("ledger");
        assertEquals(Duration.ofSeconds(1), settings.retryDelay(1));
        assertEquals(Duration.ofSeconds(2), settings.retryDelay(2));
        assertEquals(Duration.ofSeconds(16), settings.retryDelay(5));
        assertEquals(Duration.ofSeconds(30), settings.retryDelay(6));
        assertEquals(Duration.ofSeconds(30), settings.retryDelay(1_000));
        assertEquals(Duration.ZERO, settings.withRetryDelay(Duration.ZERO).retryDelay(3));
    }

    @Test
    void aNameThatCannotBeAScopeIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ConsumerSettings.named("ledger consumer"));
        assertEquals("A consumer's name is its idempotency scope and appears in headers and logs: it must match "
                + "[A-Za-z][A-Za-z0-9_.-]{0,63}, got 'ledger consumer'", refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ConsumerSettings.named("ledger").withMaxAttempts(0));
    }
}
