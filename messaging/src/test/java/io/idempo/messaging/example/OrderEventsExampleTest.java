package io.idempo.messaging.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import io.idempo.messaging.testing.Eventually;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.Test;

/**
 * The documented outbox runs as shown: a replayed order writes no second event, the relay delivers each event, and a
 * copy of an event the broker delivers again sends no second receipt.
 */
class OrderEventsExampleTest {

    @Test
    void eachOrderPlacedOnceWhateverTheRetriesSendsOneReceipt() throws Exception {
        ExampleDatabase database = new ExampleDatabase();
        String events = "idempo-test-shop-events-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> outcomes = new CopyOnWriteArrayList<>();
        Handler outcomeLog = new Handler() {
            @Override
            public void publish(LogRecord record) {
                outcomes.add(new SimpleFormatter().formatMessage(record));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger outcomeLogger = Logger.getLogger("io.idempo.outcome"); // held: JUL keeps loggers weakly
        outcomeLogger.addHandler(outcomeLog);
        try (RabbitBroker broker = RabbitBroker.local()) {
            String queue = broker.queueName("example-receipts");
            Channel channel = broker.connect("idempo-test-example").createChannel();
            channel.exchangeDeclare(events, "topic", true);
            channel.queueDeclare(queue, true, false, false, null);
            channel.queueBind(queue, events, "ORDER_PLACED");
            try (OrderEventsExample example = OrderEventsExample.start(database.dataSource, SqlDialect.H2,
                    broker.uri().toString(), events, queue)) {
                PlaceOrder book = new PlaceOrder("book", new BigDecimal("12.50"));
                String first = example.orders.place("order-key-0001", book);
                assertEquals(first, example.orders.place("order-key-0001", book), "the retry is replayed");
                example.orders.place("order-key-0002", new PlaceOrder("pen", new BigDecimal("1.20")));
                Eventually.await(Duration.ofSeconds(30), "both receipts sent",
                        () -> database.count("SELECT COUNT(*) FROM receipt") == 2);

                // The broker delivers an event again (as after a relay crash): the receipt is not sent again.
                String eventId = eventOf(database, first);
                channel.basicPublish(events, "ORDER_PLACED", new AMQP.BasicProperties.Builder().messageId(eventId)
                        .contentType("application/json").build(), ("{\"eventId\":\"" + eventId + "\",\"type\":"
                        + "\"ORDER_PLACED\",\"orderId\":\"" + first + "\",\"amount\":12.50}")
                        .getBytes(StandardCharsets.UTF_8));
                Eventually.await(Duration.ofSeconds(30), "the copy replayed", () -> outcomes.stream().anyMatch(
                        line -> line.contains("key=" + eventId) && line.contains("outcome=replayed")));
            } finally {
                channel.queueDelete(queue + ".dead"); // the listener's, beside the broker's own queue
                channel.exchangeDelete(events);
            }
            assertEquals(2, database.count("SELECT COUNT(*) FROM shop_order"));
            assertEquals(2, database.count("SELECT COUNT(*) FROM idempo_outbox WHERE state = 'SENT'"));
            assertEquals(2, database.count("SELECT COUNT(*) FROM receipt"));
            assertEquals(2, database.count("SELECT COUNT(DISTINCT event_id) FROM receipt"));
        } finally {
            outcomeLogger.removeHandler(outcomeLog);
            database.drop();
        }
    }

    private static String eventOf(ExampleDatabase database, String orderId) throws Exception {
        try (Connection connection = database.dataSource.getConnection();
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT id FROM idempo_outbox WHERE aggregateid = '" + orderId
                     + "'")) {
            row.next();
            return row.getString(1);
        }
    }
}
