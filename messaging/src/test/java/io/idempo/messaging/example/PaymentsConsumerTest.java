package io.idempo.messaging.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.messaging.testing.Broker;
import io.idempo.messaging.testing.Eventually;
import io.idempo.messaging.testing.PaymentEvent;
import io.idempo.runtime.record.SqlDialect;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The documented consumer runs as shown: every event settled once, though the provider sent each twice. */
class PaymentsConsumerTest {

    @Test
    void theDocumentedConsumerSettlesEachEventOnce() throws Exception {
        ExampleDatabase database = new ExampleDatabase();
        try (Broker broker = new Broker()) {
            String queue = broker.queueName("example-payments");
            PaymentsConsumer consumer = PaymentsConsumer.start(database.dataSource, SqlDialect.H2, Broker.URI, queue);
            try {
                for (int i = 0; i < 20; i++) {
                    PaymentEvent event = new PaymentEvent("txn-" + i, "PAID", new BigDecimal("9.99"));
                    broker.publish(queue, UUID.randomUUID().toString(), event);
                    broker.publish(queue, UUID.randomUUID().toString(), event);
                }
                Eventually.await(Duration.ofSeconds(30), "the queue drained",
                        () -> database.count("SELECT COUNT(*) FROM settlement") == 20 && broker.ready(queue) == 0);
            } finally {
                consumer.close();
            }
            assertEquals(20, database.count("SELECT COUNT(*) FROM settlement"));
            assertEquals(20, database.count("SELECT COUNT(DISTINCT channel_txn_id) FROM settlement"));
        } finally {
            database.drop();
        }
    }
}
