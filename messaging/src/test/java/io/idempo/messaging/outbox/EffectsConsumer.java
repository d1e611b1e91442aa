package io.idempo.messaging.outbox;

import com.rabbitmq.client.Channel;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.messaging.rabbitmq.RabbitListener;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.IdempotentOperation;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The consumer under test: {@link RabbitListener} on a queue bound to the events' exchange, with the AMQP message id
 * (the event id) as the idempotency key, whose effect is one row per event written in the engine's transaction. The
 * effects table has no unique key: only the idempotent call keeps an event from taking effect twice.
 */
final class EffectsConsumer implements AutoCloseable {

    private static final IdempotentOperation<Void> APPLY = IdempotentOperation.withoutResult("events.apply");

    private final HikariDataSource pool;
    private final String recordTable;
    private final String effectsTable;
    private final IdempotencyEngine engine;
    private final Idempotency.Installation installation;
    private final RabbitListener listener;

    EffectsConsumer(HikariDataSource pool, SqlDialect dialect, RabbitBroker broker, String exchange)
            throws Exception {
        this.pool = pool;
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        this.recordTable = "idem_fx_" + suffix;
        this.effectsTable = "effects_" + suffix;
        List<String> ddl = new ArrayList<>(RecordSchema.statements(dialect, recordTable));
        ddl.add("CREATE TABLE " + effectsTable + " (event_id VARCHAR(36) NOT NULL, aggregate_id VARCHAR(64) NOT NULL,"
                + " n INT NOT NULL)");
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String sql : ddl) {
                statement.execute(sql);
            }
            connection.commit();
        }
        JdbcTransactions transactions = new JdbcTransactions(pool);
        this.engine = IdempotencyEngine.builder()
                .recordStore(RecordStore.builder(dialect).table(recordTable).build())
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create())
                .build();
        this.installation = Idempotency.install(engine);
        String queue = broker.declareQueue("outbox-effects");
        try (Channel channel = broker.connect("idempo-test-bind").createChannel()) {
            channel.queueBind(queue, exchange, "#");
        }
        this.listener = RabbitListener.builder(OrderEvent.class)
                .connectionFactory(broker.connectionFactory())
                .queue(queue)
                .deadLetterQueue(broker.queueName("outbox-effects-dead"))
                .consumerName("effects")
                .consumers(4)
                .handler((event, message) -> APPLY.call(null, event, () -> {
                    try (PreparedStatement insert = transactions.currentConnection().prepareStatement(
                            "INSERT INTO " + effectsTable + " (event_id, aggregate_id, n) VALUES (?, ?, ?)")) {
                        insert.setString(1, message.id());
                        insert.setString(2, event.aggregateId());
                        insert.setInt(3, event.n());
                        insert.executeUpdate();
                    }
                    return null;
                }))
                .start();
    }

    /** How many effect rows each event id has. */
    Map<String, Integer> effects() throws Exception {
        Map<String, Integer> counts = new LinkedHashMap<>();
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT event_id, COUNT(*) FROM " + effectsTable
                     + " GROUP BY event_id")) {
            while (rows.next()) {
                counts.put(rows.getString(1), rows.getInt(2));
            }
            connection.commit();
        }
        return counts;
    }

    @Override
    public void close() throws Exception {
        listener.close();
        installation.close();
        engine.close();
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE " + recordTable);
            statement.execute("DROP TABLE " + effectsTable);
            connection.commit();
        }
    }
}
