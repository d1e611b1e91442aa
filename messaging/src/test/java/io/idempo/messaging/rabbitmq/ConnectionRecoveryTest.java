package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.ConnectionFactory;
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
 * The broker closes the listener's connection twice while it consumes under load (as {@code rabbitmqctl} does
 * for an operator or a node going down): the client recovers the connection, its channels and its consumers, the
 * broker redelivers what was unacknowledged, and the database shows every event once, none twice.
 */
class ConnectionRecoveryTest {

    private static final int EVENTS = 600;

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#all")
    void connectionsClosedUnderLoadLoseNothingAndRunNothingTwice(DatabaseKind database, ClaimMode claims)
            throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "recovery");
            List<Map.Entry<String, PaymentEvent>> messages = new ArrayList<>();
            for (int i = 0; i < EVENTS; i++) {
                PaymentEvent event = new PaymentEvent("txn-" + UUID.randomUUID(), "PAID", BigDecimal.ONE);
                messages.add(Map.entry(UUID.randomUUID().toString(), event));
                messages.add(Map.entry(UUID.randomUUID().toString(), event));
            }
            Collections.shuffle(messages, new Random(3));
            harness.ledger.afterWrite(event -> Thread.sleep(4)); // long enough for the closes to land mid-run
            String connectionName = TestListeners.connectionName("ledger");
            Deliveries deliveries = new Deliveries();
            ConnectionFactory factory = broker.connectionFactory();
            factory.setNetworkRecoveryInterval(500);
            RabbitListener listener = TestListeners.builder(queue, "ledger").consumers(2)
                    .connectionFactory(factory)
                    .connectionName(connectionName)
                    .handler(deliveries.recording((event, message) -> harness.ledger.settle(event)))
                    .start();
            int closed = 0;
            try {
                broker.publish("", queue, PaymentMessages.of(messages));
                for (int threshold : new int[] {EVENTS / 5, EVENTS / 2}) {
                    Eventually.await(Duration.ofSeconds(60), threshold + " events settled, connected",
                            () -> harness.effects() >= threshold && listener.isConnected());
                    closed += broker.closeConnections(connectionName);
                }
                Eventually.await(Duration.ofSeconds(120), "every copy handled and the queue drained",
                        () -> deliveries.handled() == messages.size() && broker.ready(queue) == 0);
            } finally {
                listener.close();
            }
            assertEquals(2, closed, "the broker closed the listener's connection twice");
            assertTrue(harness.effects() <= EVENTS && harness.distinctEffects("ledger") == EVENTS,
                    "nothing lost");
            assertEquals(EVENTS, harness.effects(), "nothing twice");
            assertEquals(EVENTS, harness.records());
            assertEquals(0, broker.ready(queue), "every copy acknowledged in the end");
            assertEquals(0, broker.ready(queue + ".dead"));
        }
    }
}
