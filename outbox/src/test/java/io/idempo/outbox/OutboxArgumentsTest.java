package io.idempo.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Every bad argument is refused with a message that names it, before anything is written. */
class OutboxArgumentsTest {

    private static final String NAME = "x".repeat(255);

    @Test
    void eventValuesThatDoNotFitTheirColumnsAreRefused() {
        assertRefused("destination is 256 characters long; the destination column holds at most 255",
                () -> new NewEvent(NAME + "x", "T", "a", "{}"));
        assertRefused("type must not be null", () -> new NewEvent("d", null, "a", "{}"));
        assertRefused("aggregateId must not be blank", () -> new NewEvent("d", "T", " ", "{}"));
        assertRefused("payload must not be null", () -> new NewEvent("d", "T", "a", null));
        assertRefused("The payload is longer than 16777215 UTF-8 bytes",
                () -> new NewEvent("d", "T", "a", "é".repeat(8_388_608)));
        assertEquals(NAME, new NewEvent(NAME, NAME, NAME, "").destination());
    }

    @Test
    void tableNamesThatAreNotPlainIdentifiersAreRefused() {
        assertRefused("Invalid table name 'outbox; DROP TABLE users'",
                () -> OutboxStore.builder(SqlDialect.H2).table("outbox; DROP TABLE users"));
    }

    @Test
    void relaySettingsOutsideTheirRangesAreRefused() {
        OutboxRelay.Builder relay = OutboxRelay.builder(OutboxStore.builder(SqlDialect.H2).build(),
                new JdbcTransactions(null), events -> PublishResult.allConfirmed(events));
        assertRefused("batchSize must be from 1 to 10000, not 0", () -> relay.batchSize(0));
        assertRefused("batchSize must be from 1 to 10000, not 10001", () -> relay.batchSize(10_001));
        assertRefused("pollInterval must be positive", () -> relay.pollInterval(Duration.ZERO));
        assertRefused("A relay name is 1 to 64 of [A-Za-z0-9_.-], not 'two words'", () -> relay.name("two words"));
        assertRefused("maxBackoff (PT0.1S) must not be shorter than pollInterval (PT0.5S)",
                () -> relay.maxBackoff(Duration.ofMillis(100)).build());
    }

    private static void assertRefused(String messageStart, Executable call) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, call::execute);
        assertTrue(refused.getMessage().startsWith(messageStart), refused.getMessage());
    }

    @FunctionalInterface
    private interface Executable {
        void execute() throws Exception;
    }
}
