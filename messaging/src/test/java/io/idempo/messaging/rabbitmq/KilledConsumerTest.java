package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.messaging.ReceivedMessage;
import io.idempo.messaging.testing.ClaimMode;
import io.idempo.messaging.testing.ConsumerProcess;
import io.idempo.messaging.testing.Deliveries;
import io.idempo.messaging.testing.Eventually;
import io.idempo.messaging.testing.LedgerHarness;
import io.idempo.messaging.testing.ListenerQueues;
import io.idempo.messaging.testing.PaymentEvent;
import io.idempo.messaging.testing.PaymentMessages;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A consumer process is killed (SIGKILL) after its handler's transaction committed and before its ack. The broker
 * redelivers the message to another consumer process with the same name, which replays it: one effect, and the
 * method body never runs again. The servers are shared across processes, so H2 in memory is not among them.
 */
class KilledConsumerTest {

    static Stream<Arguments> sharedServers() {
        return Stream.of(Arguments.of(DatabaseKind.POSTGRESQL, ClaimMode.IN_MEMORY),
                Arguments.of(DatabaseKind.POSTGRESQL, ClaimMode.REDIS),
                Arguments.of(DatabaseKind.MARIADB, ClaimMode.REDIS));
    }

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("sharedServers")
    void aConsumerKilledBetweenCommitAndAckIsReplayedByTheNext(DatabaseKind database, ClaimMode claims)
            throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "killed");
            broker.declare(queue);
            broker.declare(queue + ".dead");
            String id = UUID.randomUUID().toString();
            broker.publish("", queue, PaymentMessages.of(id, new PaymentEvent("txn-killed", "PAID", BigDecimal.TEN)));
            Process child = ConsumerProcess.start(harness, database, claims, queue, "ledger");
            try {
                assertEquals(id, ConsumerProcess.awaitCommitted(child));
            } finally {
                child.destroyForcibly(); // SIGKILL: no ack, no shutdown hook, no goodbye to the broker
                assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            }
            assertEquals(1, harness.effects(), "the killed consumer's transaction committed");
            Deliveries deliveries = new Deliveries();
            RabbitListener next = TestListeners.builder(queue, "ledger")
                    .handler(deliveries.recording((event, message) -> harness.ledger.book(event)))
                    .start();
            try {
                Eventually.await(Duration.ofSeconds(30), "the redelivery handled", () -> deliveries.returned() == 1);
            } finally {
                next.close();
            }
            // With Redis the killed consumer's outcome may never have left it (outcomes are written behind): until its
            // claim lapses (1.5 s), the redelivery is told "in progress" and comes back; then the record replays it.
            List<ReceivedMessage> seen = deliveries.seen();
            assertTrue(claims == ClaimMode.REDIS ? !seen.isEmpty() : seen.size() == 1, "deliveries: " + seen.size());
            assertTrue(seen.stream().allMatch(ReceivedMessage::redelivered),
                    "the broker redelivered the unacknowledged message");
            assertEquals(0, harness.ledger.executions(), "replayed: the method body did not run in this process");
            assertEquals(1, harness.effects());
            assertEquals(1, harness.records());
            assertEquals(0, broker.ready(queue), "acked by the next consumer");
        }
    }
}
