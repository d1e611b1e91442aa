package io.idempo.benchmarks.outbox;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.messaging.rabbitmq.RabbitPublisher;
import io.idempo.outbox.Outbox;
import io.idempo.outbox.OutboxRelay;
import io.idempo.outbox.OutboxSchema;
import io.idempo.outbox.OutboxStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Events relayed per second with publisher confirms, from a PostgreSQL outbox table to a RabbitMQ topic exchange with
 * one durable queue bound (so that each confirm waits for the broker's disk): a backlog is written first, then the
 * relays drain it and the time from the first claim to the last mark is taken. Scenarios: one relay and three relays
 * over many aggregates, and one relay over a single aggregate, whose events move one per batch. See
 * docs/benchmarks.md.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.idempo.benchmarks.outbox.RelayThroughput
 * </pre>
 */
public final class RelayThroughput {

    /** Held: java.util.logging keeps loggers weakly, and a collected one forgets its level. */
    private static final List<Logger> QUIET = List.of(Logger.getLogger("io.idempo.messaging"),
            Logger.getLogger("io.idempo.outbox"));

    private RelayThroughput() {
    }

    /** A backlog and the relays that drain it. */
    record Scenario(String name, int events, int aggregates, int relays, int batchSize) {
    }

    public static void main(String[] args) throws Exception {
        int events = Integer.getInteger("bench.events", 20_000);
        List<Scenario> scenarios = List.of(
                new Scenario("1 relay, 1,000 aggregates, batches of 100", events, 1_000, 1, 100),
                new Scenario("1 relay, 1,000 aggregates, batches of 500", events, 1_000, 1, 500),
                new Scenario("3 relays, 1,000 aggregates, batches of 100", events, 1_000, 3, 100),
                new Scenario("1 relay, 1 aggregate", Integer.getInteger("bench.hotEvents", 1_000), 1, 1, 100));
        QUIET.forEach(logger -> logger.setLevel(Level.WARNING));
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String table = "bench_outbox_" + suffix;
        String exchange = "idempo-bench-events-" + suffix;
        String queue = "idempo-bench-events-" + suffix;
        String amqpUri = System.getProperty("bench.amqpUri", "amqp://guest:guest@127.0.0.1:5672/%2F");
        ConnectionFactory factory = new ConnectionFactory();
        factory.setUri(amqpUri);
        List<HikariDataSource> pools = new ArrayList<>();
        try (Connection amqp = factory.newConnection("idempo-bench-declare")) {
            Channel channel = amqp.createChannel();
            channel.exchangeDeclare(exchange, "topic", true);
            channel.queueDeclare(queue, true, false, false, null);
            channel.queueBind(queue, exchange, "#");
            HikariDataSource writerPool = pool(pools, 2);
            try (java.sql.Connection connection = writerPool.getConnection();
                 Statement statement = connection.createStatement()) {
                for (String ddl : OutboxSchema.statements(SqlDialect.POSTGRESQL, table)) {
                    statement.execute(ddl);
                }
                connection.commit();
            }
            OutboxStore store = OutboxStore.builder(SqlDialect.POSTGRESQL).table(table).build();
            JdbcTransactions writes = new JdbcTransactions(writerPool);
            Outbox outbox = new Outbox(store, writes);
            System.out.println("| scenario | events | events/s |");
            System.out.println("|---|---|---|");
            try {
                for (Scenario scenario : scenarios) {
                    write(writes, outbox, exchange, scenario);
                    List<OutboxRelay> relays = new ArrayList<>();
                    List<RabbitPublisher> publishers = new ArrayList<>();
                    for (int i = 0; i < scenario.relays(); i++) {
                        RabbitPublisher publisher = RabbitPublisher.builder().uri(amqpUri).build();
                        publishers.add(publisher);
                        relays.add(OutboxRelay.builder(store, new JdbcTransactions(pool(pools, 2)), publisher)
                                .name("bench-" + i).batchSize(scenario.batchSize()).build());
                    }
                    long started = System.nanoTime();
                    drain(relays, scenario.events());
                    double seconds = (System.nanoTime() - started) / 1e9;
                    System.out.printf("| %s | %,d | %,.0f |%n", scenario.name(), scenario.events(),
                            scenario.events() / seconds);
                    publishers.forEach(RabbitPublisher::close);
                    channel.queuePurge(queue);
                    try (java.sql.Connection connection = writerPool.getConnection();
                         Statement statement = connection.createStatement()) {
                        statement.execute("DELETE FROM " + table);
                        connection.commit();
                    }
                }
                System.out.printf("%nload average at the end: %s%n", Files.readString(Path.of("/proc/loadavg"))
                        .strip());
            } finally {
                channel.queueDelete(queue);
                channel.exchangeDelete(exchange);
                try (java.sql.Connection connection = writerPool.getConnection();
                     Statement statement = connection.createStatement()) {
                    statement.execute("DROP TABLE " + table);
                    connection.commit();
                }
            }
        } finally {
            pools.forEach(HikariDataSource::close);
        }
    }

    private static HikariDataSource pool(List<HikariDataSource> pools, int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(System.getProperty("bench.jdbcUrl", "jdbc:postgresql://127.0.0.1:5432/test"));
        config.setUsername(System.getProperty("bench.jdbcUser", "postgres"));
        config.setMaximumPoolSize(size);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        HikariDataSource pool = new HikariDataSource(config);
        pools.add(pool);
        return pool;
    }

    /** The backlog: event {@code i} to aggregate {@code i % aggregates}, 500 per transaction. */
    private static void write(JdbcTransactions writes, Outbox outbox, String exchange, Scenario scenario)
            throws Exception {
        for (int start = 0; start < scenario.events(); start += 500) {
            int from = start;
            int to = Math.min(scenario.events(), start + 500);
            writes.inTransaction(() -> {
                for (int i = from; i < to; i++) {
                    outbox.publish(exchange, "ORDER_PLACED", "order-" + (i % scenario.aggregates()),
                            "{\"type\":\"ORDER_PLACED\",\"orderId\":\"order-" + (i % scenario.aggregates())
                                    + "\",\"amount\":1250,\"n\":" + i + "}");
                }
                return null;
            });
        }
    }

    /** Each relay drains on a thread of its own until every event is sent. */
    private static void drain(List<OutboxRelay> relays, int events) throws Exception {
        AtomicInteger sent = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(relays.size());
        try {
            List<Future<?>> running = new ArrayList<>();
            for (OutboxRelay relay : relays) {
                running.add(threads.submit(() -> {
                    while (sent.get() < events) {
                        sent.addAndGet(relay.drain());
                    }
                    return null;
                }));
            }
            for (Future<?> each : running) {
                each.get();
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
