package io.idempo.messaging.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.outbox.OutboxRelay;
import io.idempo.testing.ChildProcesses;
import io.idempo.testing.database.DatabaseKind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A relay process is killed with SIGKILL in the middle of a batch: after the broker confirmed it, before the batch was
 * marked sent. Its rows stay pending (the database released their locks with the dead connection), the next relay
 * publishes them again: those events are on the wire twice, none is lost, and the consumer applies each once.
 */
class KilledRelayTest {

    private static final int EVENTS = 1_000;
    private static final int BATCH = 50;

    @ParameterizedTest
    @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
    void aRelayKilledBetweenTheConfirmsAndTheCommitLosesNothingAndDoublesNoEffect(DatabaseKind kind)
            throws Exception {
        try (OutboxRig rig = new OutboxRig(kind).withConsumer()) {
            List<String> ids = rig.write(EVENTS, 100); // 100 heads at a time: every batch is full
            Process doomed = RelayProcess.start(rig, BATCH, 3);
            List<String> confirmedNotMarked;
            try {
                confirmedNotMarked = RelayProcess.awaitConfirmedBatch(doomed);
            } finally {
                ChildProcesses.kill(doomed, "the relay process"); // SIGKILL: no rollback, no goodbye to anyone
            }
            assertEquals(BATCH, confirmedNotMarked.size());
            assertEquals(EVENTS - 2 * BATCH, rig.count("PENDING"), "two batches were marked, the third was not");

            try (OutboxRelay.Running next = rig.relay("next", rig.publisher(rig.broker.uri().getPort()))
                    .pollInterval(Duration.ofMillis(100)).start()) {
                rig.assertNoneLostInOrderAppliedOnce(ids, confirmedNotMarked);
            }
        }
    }
}
