package io.idempo.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The back-off while the broker or the database is down, and the state it reports. */
class RelayHealthTest {

    private final RelayHealth health = new RelayHealth("r", Duration.ofMillis(500), Duration.ofSeconds(30));

    @Test
    void theWaitDoublesFromThePollIntervalUpToTheMaximum() {
        assertEquals(Duration.ofMillis(500), health.backoff(1));
        assertEquals(Duration.ofSeconds(1), health.backoff(2));
        assertEquals(Duration.ofSeconds(16), health.backoff(6));
        assertEquals(Duration.ofSeconds(30), health.backoff(7));
        assertEquals(Duration.ofSeconds(30), health.backoff(1_000));
    }

    @Test
    void aFailureHoldsTheRelayBackForItsWaitAndASuccessEndsIt() {
        long now = 1_000_000_000L;
        health.failed(RelayHealth.State.BROKER_DOWN, "connection refused", now);
        assertTrue(health.backingOff(now + Duration.ofMillis(499).toNanos()));
        assertFalse(health.backingOff(now + Duration.ofMillis(500).toNanos()));

        health.failed(RelayHealth.State.BROKER_DOWN, "connection refused", now);
        assertTrue(health.backingOff(now + Duration.ofMillis(999).toNanos()), "the second failure waits 1 s");
        assertEquals(RelayHealth.State.BROKER_DOWN, health.state());

        health.succeeded(now);
        assertEquals(RelayHealth.State.RUNNING, health.state());
        assertFalse(health.backingOff(now));
        health.failed(RelayHealth.State.DATABASE_DOWN, "connection reset", now);
        assertTrue(health.backingOff(now + Duration.ofMillis(499).toNanos()), "counted afresh after a success");
        assertFalse(health.backingOff(now + Duration.ofMillis(500).toNanos()));
    }
}
