package io.idempo.messaging.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.messaging.testing.Eventually;
import io.idempo.messaging.testing.ListenerQueues;
import io.idempo.messaging.testing.PaymentEvent;
import io.idempo.messaging.testing.PaymentMessages;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The documented consumer runs as shown: every event settled once, though the provider sent each twice. */
class PaymentsConsumerTest {

    @Test
    void theDocumentedConsumerSettlesEachEventOnce() throws Exception {
        ExampleDatabase database = new ExampleDatabase();
        try (RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "example-payments");
            PaymentsConsumer consumer = PaymentsConsumer.start(database.dataSource, SqlDialect.H2,
                    broker.uri().toString(), queue);
            try {
                for (int i = 0; i < 20; i++) {
                    PaymentEvent event = new PaymentEvent("txn-" + i, "PAID", new BigDecimal("9.99"));
                    broker.publish("", queue, PaymentMessages.of(event));
                    broker.publish("", queue, PaymentMessages.of(event));
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
