package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.messaging.ReceivedMessage;
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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A method with no key of its own is keyed by the AMQP {@code message_id}: the same message published again, or
 * given back by the broker while its first delivery still runs, has one effect.
 */
class MessageIdKeyTest {

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#all")
    void theSameMessageIdPublishedTwiceHasOneEffect(DatabaseKind database, ClaimMode claims) throws Exception {
        int messages = 50;
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "message-id");
            List<Map.Entry<String, PaymentEvent>> published = new ArrayList<>();
            for (int i = 0; i < messages; i++) {
                Map.Entry<String, PaymentEvent> message = Map.entry(UUID.randomUUID().toString(),
                        new PaymentEvent("txn-" + i, "PAID", BigDecimal.TEN));
                published.add(message);
                published.add(message);
            }
            Collections.shuffle(published, new Random(7));
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "ledger").consumers(2)
                    .handler(deliveries.recording((event, message) -> harness.ledger.book(event)))
                    .start();
            try {
                broker.publish("", queue, PaymentMessages.of(published));
                Eventually.await(Duration.ofSeconds(60), "both copies of every message handled",
                        () -> deliveries.returned() == 2 * messages);
            } finally {
                listener.close();
            }
            assertEquals(messages, harness.effects());
            assertEquals(1, harness.mostEffectsOfOneEvent());
            assertEquals(messages, harness.ledger.executions());
            assertEquals(0, broker.ready(queue), "both copies acknowledged");
        }
    }

    /**
     * The second copy arrives on another consumer while the first is still in the method: it is told "in
     * progress", given back to the broker (a real requeue, redelivered), and replayed once the first committed.
     */
    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#all")
    void aCopyThatMeetsTheRunningFirstIsRequeuedAndThenReplayed(DatabaseKind database, ClaimMode claims)
            throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "in-progress");
            AtomicBoolean first = new AtomicBoolean(true);
            harness.ledger.afterWrite(event -> {
                if (first.getAndSet(false)) {
                    Thread.sleep(1_500);
                }
            });
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "ledger").consumers(2).prefetch(1)
                    .handler(deliveries.recording((event, message) -> harness.ledger.book(event)))
                    .start();
            String id = UUID.randomUUID().toString();
            PaymentEvent event = new PaymentEvent("txn-slow", "PAID", BigDecimal.ONE);
            try {
                broker.publish("", queue, PaymentMessages.of(id, event));
                broker.publish("", queue, PaymentMessages.of(id, event));
                Eventually.await(Duration.ofSeconds(30), "both copies handled", () -> deliveries.returned() == 2);
            } finally {
                listener.close();
            }
            assertEquals(1, harness.effects());
            assertEquals(1, harness.ledger.executions());
            assertTrue(deliveries.seen().stream().anyMatch(ReceivedMessage::redelivered),
                    "the copy that met the running first call came back from the broker: " + deliveries.seen());
            assertTrue(deliveries.seen().stream().allMatch(message -> message.attempts() == 0),
                    "\"in progress\" is not a failed attempt");
            assertEquals(0, broker.ready(queue));
            assertEquals(0, broker.ready(queue + ".dead"));
        }
    }
}
