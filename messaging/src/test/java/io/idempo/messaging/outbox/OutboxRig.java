package io.idempo.messaging.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.Channel;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.messaging.rabbitmq.RabbitPublisher;
import io.idempo.messaging.testing.Databases;
import io.idempo.messaging.testing.Eventually;
import io.idempo.outbox.Outbox;
import io.idempo.outbox.OutboxRelay;
import io.idempo.outbox.OutboxSchema;
import io.idempo.outbox.OutboxStore;
import io.idempo.outbox.Publisher;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.rabbitmq.RabbitBroker;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Everything an outbox test needs, on the real servers: a schema of its own holding the outbox table (relays and
 * writers connect there, so that killing the schema's sessions hits them alone), a topic exchange of its own with a
 * {@link WireTap} and, when asked for, the {@link EffectsConsumer} behind it (whose tables live in the server's
 * {@code test} database), and relays, each with a pool and a publisher of its own.
 */
final class OutboxRig implements AutoCloseable {

    static final String TABLE = OutboxStore.DEFAULT_TABLE;

    final DatabaseKind kind;
    final SqlDialect dialect;
    final TestSchema schema;
    final RabbitBroker broker = RabbitBroker.local();
    final String exchange;
    final OutboxStore store;
    final Outbox outbox;
    private final JdbcTransactions writes;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private final Jsonb jsonb = JsonbBuilder.create();
    /** Of the writer: how many events it wrote, and the next number of each aggregate. */
    private int eventsWritten;
    private final Map<String, Integer> nextOfAggregate = new HashMap<>();
    final WireTap wire;
    private EffectsConsumer effects;

    OutboxRig(DatabaseKind kind) throws Exception {
        this.kind = kind;
        this.dialect = Databases.dialect(kind);
        this.schema = TestDatabase.local(kind).freshSchema();
        schema.create();
        try (Connection connection = schema.connect(); Statement statement = connection.createStatement()) {
            for (String ddl : OutboxSchema.statements(dialect, TABLE)) {
                statement.execute(ddl);
            }
        }
        this.store = OutboxStore.builder(dialect).table(TABLE).build();
        this.writes = new JdbcTransactions(pool(schema.url(), 4));
        this.outbox = new Outbox(store, writes);
        this.exchange = "idempo-test-events-" + UUID.randomUUID().toString().substring(0, 8);
        try (Channel channel = broker.connect("idempo-test-declare").createChannel()) {
            // Deleted by the broker with its last binding, when the test's queues are deleted.
            channel.exchangeDeclare(exchange, "topic", false, true, null);
        }
        this.wire = new WireTap(broker, exchange);
    }

    /** Starts the consumer under test (not every test needs it: it costs an idempotent call per event). */
    OutboxRig withConsumer() throws Exception {
        effects = new EffectsConsumer(pool(TestDatabase.local(kind).url(), 5), dialect, broker, exchange);
        return this;
    }

    EffectsConsumer effects() {
        return effects;
    }

    /** A pool on {@code url} at READ COMMITTED, as the relay needs it on MariaDB; closed with the rig. */
    HikariDataSource pool(String url, int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(schema.user());
        config.setPassword(schema.password());
        config.setMaximumPoolSize(size);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        HikariDataSource pool = new HikariDataSource(config);
        opened.add(pool);
        return pool;
    }

    /** A publisher to the broker, or to whatever listens on {@code port} of the loopback (a fault proxy). */
    RabbitPublisher publisher(int port) {
        URI uri = broker.uri();
        RabbitPublisher publisher = RabbitPublisher.builder()
                .uri(uri.getScheme() + "://" + uri.getRawUserInfo() + "@127.0.0.1:" + port + "/%2F")
                .connectionName("idempo-test-relay")
                .confirmTimeout(Duration.ofSeconds(5))
                .build();
        opened.add(publisher);
        return publisher;
    }

    /** A relay on a pool of its own, publishing through {@code publisher}. */
    OutboxRelay.Builder relay(String name, Publisher publisher) {
        return OutboxRelay.builder(store, new JdbcTransactions(pool(schema.url(), 2)), publisher).name(name);
    }

    /**
     * Writes {@code count} more events, the {@code i}-th event of the test to aggregate {@code i % aggregates}, in
     * transactions of at most 500 events, as business transactions would; returns their ids in the order written.
     */
    List<String> write(int count, int aggregates) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int start = 0; start < count; start += 500) {
            int size = Math.min(500, count - start);
            ids.addAll(writes.inTransaction(() -> {
                List<String> written = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    String aggregate = "agg-" + (eventsWritten++ % aggregates);
                    int n = nextOfAggregate.merge(aggregate, 1, Integer::sum) - 1;
                    written.add(outbox.publish(exchange, "ORDER_EVENT", aggregate,
                            eventId -> jsonb.toJson(new OrderEvent(eventId, aggregate, n))));
                }
                return written;
            }));
        }
        return ids;
    }

    /**
     * The end state every fault test asks for, once the relays have caught up: every event written has been sent,
     * reached the wire at least once (those in {@code republished} exactly twice, the others once) in the order of
     * its aggregate, and took effect once.
     *
     * @param republished the events the fault made a relay publish again; null when the fault leaves it unknown
     */
    void assertNoneLostInOrderAppliedOnce(List<String> ids, Collection<String> republished) throws Exception {
        Eventually.await(Duration.ofSeconds(60), "every event sent", () -> count("SENT") == ids.size());
        Eventually.await(Duration.ofSeconds(60), "every event applied", () -> effects.effects().size() == ids.size());
        Map<String, Integer> onTheWire = wire.counts();
        assertEquals(new HashSet<>(ids), onTheWire.keySet(), "none lost, nothing else");
        if (republished != null) {
            for (String id : ids) {
                assertEquals(republished.contains(id) ? 2 : 1, onTheWire.get(id),
                        "the events the fault hit are published again, no other");
            }
        }
        assertEquals(List.of(), wire.outOfOrder());
        Map<String, Integer> applied = effects.effects();
        assertTrue(applied.values().stream().allMatch(times -> times == 1), "each effect once: " + applied);
    }

    int count(String state) throws Exception {
        try (Connection connection = schema.connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + TABLE + " WHERE state = '" + state
                     + "'")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        List<AutoCloseable> all = new ArrayList<>();
        if (effects != null) {
            all.add(effects);
        }
        all.add(wire);
        all.addAll(opened);
        all.add(broker);
        for (AutoCloseable each : all) {
            try {
                each.close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        schema.drop();
        if (first != null) {
            throw first;
        }
    }
}
