package io.idempo.benchmarks.messaging;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.messaging.MessageHandler;
import io.idempo.messaging.rabbitmq.RabbitListener;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the throughput harness runs on: tables of its own on the PostgreSQL server (dropped on close), the engine
 * installed with the in-JVM claim store, and the RabbitMQ server. One pass publishes its messages to a queue of its
 * own, then starts a listener on it and times the consumption from the first handled message to the last.
 */
final class ConsumerRig implements AutoCloseable {

    /** The handler's two ways of doing the same work. */
    enum Variant {
        PLAIN, IDEMPOTENT
    }

    /** One message: its id (the key) and its body. */
    record Message(String id, BenchEvent event) {
    }

    private final ConsumerThroughput.Settings settings;
    private final HikariDataSource pool;
    private final JdbcTransactions transactions;
    private final IdempotencyEngine engine;
    private final Idempotency.Installation installation;
    private final EventBook book;
    private final String recordTable;
    private final String effectsTable;
    private final Connection amqp;
    private final Channel publisher;
    private final Jsonb jsonb = JsonbBuilder.create();

    ConsumerRig(ConsumerThroughput.Settings settings) throws Exception {
        this.settings = settings;
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        this.recordTable = "idem_bench_" + suffix;
        this.effectsTable = "bench_effects_" + suffix;
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(settings.jdbcUrl());
        config.setUsername(settings.jdbcUser());
        config.setMaximumPoolSize(settings.consumers() + 2);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        this.pool = new HikariDataSource(config);
        List<String> ddl = new ArrayList<>(RecordSchema.statements(SqlDialect.POSTGRESQL, recordTable));
        ddl.add("CREATE TABLE " + effectsTable + " (reference VARCHAR(64) NOT NULL, amount_cents BIGINT NOT NULL)");
        execute(ddl);
        this.transactions = new JdbcTransactions(pool);
        this.engine = IdempotencyEngine.builder()
                .recordStore(RecordStore.builder(SqlDialect.POSTGRESQL).table(recordTable).build())
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create())
                .build();
        this.installation = Idempotency.install(engine);
        this.book = new EventBook(transactions, effectsTable);
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(settings.amqpUri());
        this.amqp = factory.newConnection("idempo-bench-publisher");
        this.publisher = amqp.createChannel();
        publisher.confirmSelect();
    }

    static List<Message> newMessages(int count) {
        List<Message> messages = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            messages.add(new Message(UUID.randomUUID().toString(), new BenchEvent("ref-" + UUID.randomUUID(), i)));
        }
        return messages;
    }

    /** Consumes {@code messages} with the variant's handler; returns messages per second. */
    double pass(Variant variant, List<Message> messages) throws Exception {
        String queue = "idempo-bench-" + UUID.randomUUID().toString().substring(0, 8);
        publisher.queueDeclare(queue, true, false, false, null);
        for (Message message : messages) {
            publisher.basicPublish("", queue, new AMQP.BasicProperties.Builder().messageId(message.id())
                    .contentType("application/json").deliveryMode(2).build(),
                    jsonb.toJson(message.event()).getBytes(StandardCharsets.UTF_8));
        }
        publisher.waitForConfirmsOrDie(120_000);
        AtomicLong first = new AtomicLong();
        AtomicLong last = new AtomicLong();
        CountDownLatch done = new CountDownLatch(messages.size());
        MessageHandler<BenchEvent> work = variant == Variant.IDEMPOTENT
                ? (event, message) -> book.bookOnce(event)
                : (event, message) -> transactions.inTransaction(() -> {
                    book.book(event);
                    return null;
                });
        RabbitListener listener = RabbitListener.builder(BenchEvent.class)
                .uri(settings.amqpUri())
                .queue(queue)
                .consumerName("bench")
                .consumers(settings.consumers())
                .handler((event, message) -> {
                    work.handle(event, message);
                    long now = System.nanoTime();
                    first.compareAndSet(0, now);
                    last.set(now);
                    done.countDown();
                })
                .start();
        try {
            if (!done.await(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException(variant + " pass did not finish: " + done.getCount() + " left");
            }
        } finally {
            listener.close();
            publisher.queueDelete(queue);
            publisher.queueDelete(queue + ".dead");
        }
        return (messages.size() - 1) / (Duration.ofNanos(last.get() - first.get()).toNanos() / 1e9);
    }

    private void execute(List<String> sql) throws Exception {
        try (java.sql.Connection connection = pool.getConnection();
             Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
            connection.commit();
        }
    }

    @Override
    public void close() throws Exception {
        installation.close();
        engine.close();
        amqp.close();
        execute(List.of("DROP TABLE " + effectsTable, "DROP TABLE " + recordTable));
        pool.close();
    }
}
