package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.messaging.testing.ClaimMode;
import io.idempo.messaging.testing.Eventually;
import io.idempo.messaging.testing.LedgerHarness;
import io.idempo.messaging.testing.ListenerQueues;
import io.idempo.messaging.testing.LogCapture;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.rabbitmq.OutgoingMessage;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A dead letter is published mandatory and confirmed: while its queue does not exist, the broker returns it, and
 * the original stays in the queue (requeued, logged) instead of being dropped; once the queue exists it moves there.
 */
class DeadLetterQueueMissingTest {

    @Test
    void aDeadLetterWithNowhereToGoStaysInTheQueueUntilItsQueueExists() throws Exception {
        try (LedgerHarness harness = new LedgerHarness(DatabaseKind.H2, ClaimMode.IN_MEMORY);
             RabbitBroker broker = RabbitBroker.local(); LogCapture log = new LogCapture()) {
            String queue = ListenerQueues.queue(broker, "no-dead-letter-queue");
            broker.declare(queue); // the consumed queue only
            RabbitListener listener = TestListeners.builder(queue, "ledger").declareQueues(false)
                    .retryDelay(Duration.ofMillis(200))
                    .handler((event, message) -> harness.ledger.settle(event))
                    .start();
            try {
                broker.publish("", queue, OutgoingMessage.json(UUID.randomUUID().toString(), "not JSON"));
                Eventually.await(Duration.ofSeconds(10), "the dead letter refused for want of a queue",
                        () -> log.warnings().stream().anyMatch(line -> line.contains("idempo not-moved")
                                && line.contains(queue)));
                assertEquals(0, harness.records());
                broker.declare(queue + ".dead");
                Eventually.await(Duration.ofSeconds(10), "the dead letter moved once its queue exists",
                        () -> broker.ready(queue + ".dead") == 1);
            } finally {
                listener.close();
            }
            assertEquals(0, broker.ready(queue), "moved, not copied");
            assertTrue(log.warnings().stream().anyMatch(line -> line.contains("idempo dead-letter ")
                    && line.contains("code=BODY_UNBINDABLE")));
        }
    }
}
