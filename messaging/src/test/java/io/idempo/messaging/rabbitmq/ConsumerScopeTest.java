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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two consumers with different names, each on its own queue bound to one exchange, call the same idempotent
 * method with the same business key: the consumer's name is the scope, so each handles each event once.
 */
class ConsumerScopeTest {

    private static final int EVENTS = 200;

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#databases")
    void eachConsumerHandlesEachEventOnce(DatabaseKind database, ClaimMode claims) throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String ledgerQueue = ListenerQueues.queue(broker, "scope-ledger");
            String auditQueue = ListenerQueues.queue(broker, "scope-audit");
            String exchange = broker.fanout("payments", ledgerQueue, auditQueue);
            List<Map.Entry<String, PaymentEvent>> messages = new ArrayList<>();
            for (int i = 0; i < EVENTS; i++) {
                PaymentEvent event = new PaymentEvent("txn-" + i, "PAID", BigDecimal.ONE);
                messages.add(Map.entry(UUID.randomUUID().toString(), event));
                messages.add(Map.entry(UUID.randomUUID().toString(), event)); // the provider sent it again
            }
            Deliveries ledgerDeliveries = new Deliveries();
            Deliveries auditDeliveries = new Deliveries();
            RabbitListener ledger = TestListeners.builder(ledgerQueue, "ledger")
                    .handler(ledgerDeliveries.recording((event, message) -> harness.ledger.settle(event)))
                    .start();
            RabbitListener audit = TestListeners.builder(auditQueue, "audit")
                    .handler(auditDeliveries.recording((event, message) -> harness.ledger.settle(event)))
                    .start();
            try {
                broker.publish(exchange, "", PaymentMessages.of(messages));
                Eventually.await(Duration.ofSeconds(60), "every copy handled by both consumers",
                        () -> ledgerDeliveries.handled() == 2 * EVENTS && auditDeliveries.handled() == 2 * EVENTS);
            } finally {
                ledger.close();
                audit.close();
            }
            assertEquals(EVENTS, harness.effects("ledger"));
            assertEquals(EVENTS, harness.distinctEffects("ledger"));
            assertEquals(EVENTS, harness.effects("audit"));
            assertEquals(EVENTS, harness.distinctEffects("audit"));
            assertEquals(2 * EVENTS, harness.records(), "one record per event and consumer");
            assertEquals(0, broker.ready(ledgerQueue));
            assertEquals(0, broker.ready(auditQueue));
        }
    }
}
