package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first scenario: 1,000 events, each published three times with the same body under three message
 * ids, in shuffled order, to four consumers at once. The business-key template makes them one call per event:
 * exactly 1,000 effect rows, whichever copy came first and however the copies raced.
 */
class BusinessKeyDeliveryTest {

    private static final int EVENTS = 1_000;
    private static final int COPIES = 3;

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#all")
    void eachEventHasOneEffectHoweverManyCopiesArrive(DatabaseKind database, ClaimMode claims) throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "business-key");
            List<Map.Entry<String, PaymentEvent>> messages = new ArrayList<>();
            for (int i = 0; i < EVENTS; i++) {
                PaymentEvent event = new PaymentEvent("txn-" + UUID.randomUUID(), "PAID", new BigDecimal("12.50"));
                for (int copy = 0; copy < COPIES; copy++) {
                    messages.add(Map.entry(UUID.randomUUID().toString(), event));
                }
            }
            Collections.shuffle(messages, new Random(42));
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "ledger")
                    .consumers(4)
                    .handler(deliveries.recording((event, message) -> harness.ledger.settle(event)))
                    .start();
            try {
                broker.publish("", queue, PaymentMessages.of(messages));
                Eventually.await(Duration.ofSeconds(120), "every copy handled and the queue drained",
                        () -> deliveries.handled() == EVENTS * COPIES && broker.ready(queue) == 0);
            } finally {
                listener.close();
            }
            assertEquals(EVENTS, harness.effects(), "one effect row per event");
            assertEquals(EVENTS, harness.distinctEffects("ledger"));
            assertEquals(EVENTS, harness.records(), "one record per event");
            assertEquals(EVENTS, harness.ledger.executions(), "the method body ran once per event");
            assertEquals(0, broker.ready(queue), "every copy acknowledged: none came back when the listener closed");
            assertEquals(0, broker.ready(queue + ".dead"));
        }
    }
}
