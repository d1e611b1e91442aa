package io.idempo.benchmarks.outbox;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.benchmarks.e2e.ProcessCpu;
import io.idempo.benchmarks.e2e.Stats;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.outbox.Outbox;
import io.idempo.outbox.OutboxSchema;
import io.idempo.outbox.OutboxStore;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.IdempotentOperation;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What one outbox row adds to a first call: the same idempotent first call (one business INSERT on PostgreSQL)
 * without and with an {@code Outbox.publish} of a ~150-byte event, in alternating rounds. Measured as server CPU per
 * call, two ways: the calling thread (ThreadMXBean) plus the PostgreSQL backend serving its one connection
 * ({@code /proc/<pid>/stat}), which leaves out the JVM's other threads and so most of the noise; and the whole JVM
 * plus that backend, which includes the garbage collector's share. Other work on the shared server counts in
 * neither. See docs/benchmarks.md.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.idempo.benchmarks.outbox.OutboxRowCost
 * </pre>
 */
public final class OutboxRowCost {

    private static final IdempotentOperation<String> PLACE = IdempotentOperation.of("orders.place", String.class);
    /** Held: java.util.logging keeps loggers weakly, and a collected one forgets its level. */
    private static final Logger OUTCOMES = Logger.getLogger("io.idempo.outcome");

    private OutboxRowCost() {
    }

    public static void main(String[] args) throws Exception {
        int calls = Integer.getInteger("bench.calls", 4_000);
        int rounds = Integer.getInteger("bench.rounds", 10);
        OUTCOMES.setLevel(Level.WARNING); // the per-call line would cost both variants alike, and add noise
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(System.getProperty("bench.jdbcUrl", "jdbc:postgresql://127.0.0.1:5432/test"));
        config.setUsername(System.getProperty("bench.jdbcUser", "postgres"));
        config.setMaximumPoolSize(1); // one backend: its CPU is the database's share of exactly these calls
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String records = "bench_rec_" + suffix;
        String outboxTable = "bench_outbox_" + suffix;
        String orders = "bench_orders_" + suffix;
        try (HikariDataSource pool = new HikariDataSource(config)) {
            long backend;
            try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                List<String> ddl = new ArrayList<>(RecordSchema.statements(SqlDialect.POSTGRESQL, records));
                ddl.addAll(OutboxSchema.statements(SqlDialect.POSTGRESQL, outboxTable));
                ddl.add("CREATE TABLE " + orders + " (id VARCHAR(36) PRIMARY KEY, amount BIGINT NOT NULL)");
                for (String sql : ddl) {
                    statement.execute(sql);
                }
                try (ResultSet pid = statement.executeQuery("SELECT pg_backend_pid()")) {
                    pid.next();
                    backend = pid.getLong(1);
                }
            }
            JdbcTransactions transactions = new JdbcTransactions(pool);
            IdempotencyEngine engine = IdempotencyEngine.builder()
                    .recordStore(RecordStore.builder(SqlDialect.POSTGRESQL).table(records).build())
                    .transactions(transactions)
                    .responseCodec(JsonbResponseCodec.create())
                    .build();
            Outbox outbox = new Outbox(OutboxStore.builder(SqlDialect.POSTGRESQL).table(outboxTable).build(),
                    transactions);
            try (Idempotency.Installation ignored = Idempotency.install(engine)) {
                Call withoutEvent = key -> PLACE.call(key, key, () -> insertOrder(transactions, orders, key));
                Call withEvent = key -> PLACE.call(key, key, () -> {
                    String id = insertOrder(transactions, orders, key);
                    outbox.publish("shop.events", "ORDER_PLACED", id, eventId -> "{\"eventId\":\"" + eventId
                            + "\",\"type\":\"ORDER_PLACED\",\"orderId\":\"" + id + "\",\"amount\":1250}");
                    return id;
                });
                measure(withoutEvent, calls, backend); // warm-up, unmeasured
                measure(withEvent, calls, backend);
                List<Cpu> without = new ArrayList<>();
                List<Cpu> with = new ArrayList<>();
                for (int round = 0; round < rounds; round++) {
                    boolean withoutFirst = round % 2 == 0;
                    Cpu first = measure(withoutFirst ? withoutEvent : withEvent, calls, backend);
                    Cpu second = measure(withoutFirst ? withEvent : withoutEvent, calls, backend);
                    without.add(withoutFirst ? first : second);
                    with.add(withoutFirst ? second : first);
                    System.out.printf("round %d: without %s, with %s µs per call (thread + backend, JVM + backend);"
                            + " load average %s%n", round + 1, without.get(round), with.get(round),
                            Files.readString(Path.of("/proc/loadavg")).strip());
                }
                System.out.println();
                System.out.println("| first call, server CPU µs per call (median of " + rounds + " rounds of " + calls
                        + ") | calling thread + backend | JVM + backend |");
                System.out.println("|---|---|---|");
                System.out.printf("| without an event | %.1f | %.1f |%n", Stats.median(threads(without)),
                        Stats.median(processes(without)));
                System.out.printf("| with one outbox row | %.1f | %.1f |%n", Stats.median(threads(with)),
                        Stats.median(processes(with)));
                System.out.printf("| the row's cost: median of the rounds' differences | %.1f | %.1f |%n",
                        Stats.median(differences(threads(with), threads(without))),
                        Stats.median(differences(processes(with), processes(without))));
            } finally {
                engine.close();
                try (Connection connection = pool.getConnection();
                     Statement statement = connection.createStatement()) {
                    for (String table : List.of(records, outboxTable, orders)) {
                        statement.execute("DROP TABLE " + table);
                    }
                }
            }
        }
    }

    @FunctionalInterface
    private interface Call {
        String run(String key) throws Exception;
    }

    /** Server CPU per call, µs: the calling thread and the backend, and the whole JVM and the backend. */
    private record Cpu(double thread, double process) {
        @Override
        public String toString() {
            return String.format("%.1f / %.1f", thread, process);
        }
    }

    /** Runs {@code calls} first calls and returns the server CPU they used, per call. */
    private static Cpu measure(Call call, int calls, long backend) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long threadBefore = threads.getCurrentThreadCpuTime() / 1_000;
        long jvmBefore = ProcessCpu.selfMicros();
        long backendBefore = ProcessCpu.micros(backend).orElseThrow();
        for (int i = 0; i < calls; i++) {
            call.run(UUID.randomUUID().toString());
        }
        long backendUsed = ProcessCpu.micros(backend).orElseThrow() - backendBefore;
        return new Cpu((double) (threads.getCurrentThreadCpuTime() / 1_000 - threadBefore + backendUsed) / calls,
                (double) (ProcessCpu.selfMicros() - jvmBefore + backendUsed) / calls);
    }

    private static List<Double> threads(List<Cpu> rounds) {
        return rounds.stream().map(Cpu::thread).toList();
    }

    private static List<Double> processes(List<Cpu> rounds) {
        return rounds.stream().map(Cpu::process).toList();
    }

    private static List<Double> differences(List<Double> with, List<Double> without) {
        List<Double> differences = new ArrayList<>();
        for (int i = 0; i < with.size(); i++) {
            differences.add(with.get(i) - without.get(i));
        }
        return differences;
    }

    private static String insertOrder(JdbcTransactions transactions, String orders, String key) throws Exception {
        try (PreparedStatement insert = transactions.currentConnection().prepareStatement(
                "INSERT INTO " + orders + " (id, amount) VALUES (?, ?)")) {
            insert.setString(1, key);
            insert.setLong(2, 1250);
            insert.executeUpdate();
        }
        return key;
    }
}
