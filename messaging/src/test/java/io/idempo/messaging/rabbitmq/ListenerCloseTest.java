package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.idempo.messaging.testing.ClaimMode;
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
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * Closing a listener lets the message being handled finish and be acked, and gives every prefetched one back to
 * the queue unhandled: nothing is lost, nothing is left half done.
 */
class ListenerCloseTest {

    @Test
    void closeWaitsForTheHandlerInFlightAndRequeuesThePrefetched() throws Exception {
        try (LedgerHarness harness = new LedgerHarness(DatabaseKind.POSTGRESQL, ClaimMode.IN_MEMORY);
             RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "close");
            CountDownLatch inHandler = new CountDownLatch(1);
            harness.ledger.afterWrite(event -> {
                inHandler.countDown();
                Thread.sleep(1_000);
            });
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "ledger").prefetch(5)
                    .handler(deliveries.recording((event, message) -> harness.ledger.book(event)))
                    .start();
            try {
                for (int i = 0; i < 5; i++) {
                    broker.publish("", queue,
                            PaymentMessages.of(new PaymentEvent("txn-" + i, "PAID", BigDecimal.ONE)));
                }
                inHandler.await();
            } finally {
                listener.close();
            }
            assertEquals(1, deliveries.returned(), "the message in the handler finished before close returned");
            assertEquals(1, harness.effects());
            assertFalse(listener.isConnected());
            Eventually.await(Duration.ofSeconds(10), "the prefetched messages back in the queue",
                    () -> broker.ready(queue) == 4);
        }
    }
}
