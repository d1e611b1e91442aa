package io.idempo.messaging.example;

import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.messaging.rabbitmq.RabbitListener;
import io.idempo.messaging.rabbitmq.RabbitPublisher;
import io.idempo.outbox.Outbox;
import io.idempo.outbox.OutboxRelay;
import io.idempo.outbox.OutboxStore;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.io.IOException;
import javax.sql.DataSource;

/**
 * The plain-Java outbox of {@code docs/outbox.md}, both halves in one process: the shop writes events with its orders,
 * the relay delivers them to an exchange, and a listener on a queue bound to it sends each receipt once.
 */
public final class OrderEventsExample implements AutoCloseable {

    final ShopOrders orders;
    private final IdempotencyEngine engine;
    private final Idempotency.Installation installation;
    private final RabbitPublisher publisher;
    private final OutboxRelay.Running relay;
    private final RabbitListener receipts;

    private OrderEventsExample(ShopOrders orders, IdempotencyEngine engine, Idempotency.Installation installation,
                               RabbitPublisher publisher, OutboxRelay.Running relay, RabbitListener receipts) {
        this.orders = orders;
        this.engine = engine;
        this.installation = installation;
        this.publisher = publisher;
        this.relay = relay;
        this.receipts = receipts;
    }

    /** @param events an exchange; @param queue a queue bound to it for ORDER_PLACED */
    public static OrderEventsExample start(DataSource dataSource, SqlDialect dialect, String amqpUri, String events,
                                           String queue) throws IOException {
        JdbcTransactions transactions = new JdbcTransactions(dataSource);
        IdempotencyEngine engine = IdempotencyEngine.builder()
                .recordStore(RecordStore.builder(dialect).build())
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create())
                .build();
        Idempotency.Installation installation = Idempotency.install(engine);
        OutboxStore store = OutboxStore.builder(dialect).build();
        Outbox outbox = new Outbox(store, transactions);  // the engine's transactions: events join its calls
        ShopOrders orders = new ShopOrders(transactions, outbox, events);

        RabbitPublisher publisher = RabbitPublisher.builder()
                .uri(amqpUri)
                .declareExchange(events, "topic")
                .build();
        OutboxRelay.Running relay = OutboxRelay.builder(store, new JdbcTransactions(dataSource), publisher)
                .name("shop")
                .start();                              // polls every 500 ms on a thread of its own

        Receipts mails = new Receipts(transactions);
        RabbitListener receipts = RabbitListener.builder(OrderPlaced.class)
                .uri(amqpUri)
                .queue(queue)
                .consumerName("receipts")              // the message id (the event id) is the key
                .handler((event, message) -> mails.send(event))
                .start();
        return new OrderEventsExample(orders, engine, installation, publisher, relay, receipts);
    }

    @Override
    public void close() {
        relay.close();
        publisher.close();
        receipts.close();
        installation.close();
        engine.close();
    }
}
