package io.idempo.benchmarks.plain;

import io.idempo.benchmarks.Orders;
import io.idempo.benchmarks.Shapes;
import io.idempo.benchmarks.e2e.ProcessCpu;
import io.idempo.benchmarks.e2e.Stats;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.record.RecordSchema;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.HdrHistogram.Histogram;

/**
 * The same business method (one order INSERT in a JDBC transaction) unprotected and as a woven {@code @Idempotent}
 * method, in plain Java on PostgreSQL and MariaDB, with the claims in Redis and in this JVM: unique keys, and
 * completed duplicates (keys completed before the measurement, repeated in turn). Every variant of a database runs
 * in each round, the order rotating from round to round; ratios are against the unprotected call of the same round.
 * Then the same on one thread for latency, and a counting pass: per call, the JDBC statements (by SQL text),
 * commits and connections, the round trips to the database and to Redis, counted by relays in front of them, and
 * the CPU of the calling thread (not the relays') and, on PostgreSQL, of the backend serving it.
 * Creates its own tables and Redis key prefix and removes them. See docs/benchmarks.md.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.idempo.benchmarks.plain.PlainJavaHarness
 * </pre>
 *
 * Settings (system properties): {@code bench.databases} (postgresql,mariadb), {@code bench.threads} (4),
 * {@code bench.rounds} (5), {@code bench.seconds} (3, per variant and round), {@code bench.latencyRounds} (3, on one
 * thread, {@code bench.latencySeconds} 2 each), {@code bench.counted} (500 calls per variant in the counting pass).
 */
public final class PlainJavaHarness {

    private static final Shapes.OrderRequest REQUEST = Shapes.small(false);
    private static final String REDIS_HOST = "127.0.0.1";
    private static final int REDIS_PORT = 6379;
    private static final int DUPLICATE_KEYS = 500;
    /** Held: java.util.logging keeps loggers weakly, and a collected one forgets its level. */
    private static final Logger OUTCOMES = Logger.getLogger("io.idempo.outcome");

    private final int threads = Integer.getInteger("bench.threads", 4);
    private final int rounds = Integer.getInteger("bench.rounds", 5);
    private final double seconds = Double.parseDouble(System.getProperty("bench.seconds", "3"));
    private final int latencyRounds = Integer.getInteger("bench.latencyRounds", 3);
    private final double latencySeconds = Double.parseDouble(System.getProperty("bench.latencySeconds", "2"));
    private final int counted = Integer.getInteger("bench.counted", 500);
    private final AtomicLong keys = new AtomicLong();

    private PlainJavaHarness() {
    }

    public static void main(String[] args) throws Exception {
        // The per-call INFO line (~20 µs to the console) is measured apart, by EngineOverheadBenchmark.
        OUTCOMES.setLevel(Level.WARNING);
        PlainJavaHarness harness = new PlainJavaHarness();
        List<String> report = new ArrayList<>();
        for (String name : System.getProperty("bench.databases", "postgresql,mariadb").split(",")) {
            report.addAll(harness.measure(Database.valueOf(name.strip().toUpperCase())));
        }
        System.out.println();
        report.forEach(System.out::println);
    }

    /** One variant: its name, the engine it runs through (none for the unprotected call) and one call. */
    private record Variant(String name, IdempotencyEngine engine, ClosedLoop.Call call) {

        ClosedLoop.Pass run(int threads, double seconds) throws Exception {
            if (engine == null) {
                return ClosedLoop.run(call, threads, seconds);
            }
            try (Idempotency.Installation ignored = Idempotency.install(engine)) {
                return ClosedLoop.run(call, threads, seconds);
            }
        }
    }

    private List<String> measure(Database database) throws Exception {
        Tables tables = Tables.unique();
        createTables(database, tables);
        List<String> report = new ArrayList<>();
        try {
            try (Stack stack = new Stack(database.dialect, database.url(database.port), database.user, threads,
                    "redis://" + REDIS_HOST + ":" + REDIS_PORT, tables, UnaryOperator.identity())) {
                List<Variant> variants = variants(stack, DUPLICATE_KEYS);
                report.addAll(time(database, variants));
                stack.deleteRedisKeys(tables);
            }
            report.addAll(count(database, tables));
        } finally {
            dropTables(database, tables);
        }
        return report;
    }

    /** The five variants; the duplicates' keys are completed here, before anything is measured. */
    private List<Variant> variants(Stack stack, int duplicateKeys) throws Exception {
        List<Variant> variants = new ArrayList<>();
        variants.add(new Variant("unprotected", null, () -> {
            String key = "plain-" + keys.incrementAndGet();
            stack.transactions.inTransaction(() -> stack.orders.placePlain(REQUEST, key));
        }));
        for (boolean redis : new boolean[] {false, true}) {
            IdempotencyEngine engine = redis ? stack.redisClaims : stack.inJvmClaims;
            String claims = redis ? "Redis on" : "Redis off";
            variants.add(new Variant("unique keys, " + claims, engine,
                    () -> stack.orders.place(REQUEST, "unique-" + keys.incrementAndGet())));
            String[] completed = new String[duplicateKeys];
            try (Idempotency.Installation ignored = Idempotency.install(engine)) {
                for (int i = 0; i < duplicateKeys; i++) {
                    completed[i] = "duplicate-" + keys.incrementAndGet();
                    stack.orders.place(REQUEST, completed[i]);
                }
            }
            AtomicLong next = new AtomicLong();
            variants.add(new Variant("completed duplicates, " + claims, engine,
                    () -> stack.orders.place(REQUEST, completed[(int) (next.getAndIncrement() % duplicateKeys)])));
        }
        return variants;
    }

    private List<String> time(Database database, List<Variant> variants) throws Exception {
        for (Variant variant : variants) {
            variant.run(threads, 2); // warm-up, unmeasured
        }
        Map<Variant, List<Double>> perSecond = runRounds(database, variants, threads, rounds, seconds, null);
        Map<Variant, Histogram> latencies = new LinkedHashMap<>();
        Map<Variant, List<Double>> oneThread = runRounds(database, variants, 1, latencyRounds, latencySeconds,
                latencies);
        List<Double> plain = perSecond.get(variants.get(0));
        List<Double> plainOne = oneThread.get(variants.get(0));
        List<String> table = new ArrayList<>();
        table.add("### " + database.title + ": " + threads + " threads, " + rounds + " rounds × " + seconds
                + " s; 1 thread, " + latencyRounds + " rounds × " + latencySeconds + " s");
        table.add("");
        table.add("| variant | " + threads + " threads: calls/s | ratio (median; min–max) | 1 thread: calls/s | ratio"
                + " | p50 µs | p99 µs |");
        table.add("|---|---|---|---|---|---|---|");
        for (Variant variant : variants) {
            List<Double> ratios = ratios(perSecond.get(variant), plain);
            Histogram latency = latencies.get(variant);
            table.add(String.format("| %s | %,.0f | **%.2f** (%.2f–%.2f) | %,.0f | %.2f | %,.0f | %,.0f |",
                    variant.name(), Stats.median(perSecond.get(variant)), Stats.median(ratios),
                    ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                    Stats.median(oneThread.get(variant)), Stats.median(ratios(oneThread.get(variant), plainOne)),
                    latency.getValueAtPercentile(50) / 1e3, latency.getValueAtPercentile(99) / 1e3));
        }
        table.add("");
        return table;
    }

    /** Calls per second per round and variant; every variant runs once per round, starting one later each round. */
    private Map<Variant, List<Double>> runRounds(Database database, List<Variant> variants, int threadCount,
                                                 int roundCount, double length, Map<Variant, Histogram> latencies)
            throws Exception {
        Map<Variant, List<Double>> perSecond = new LinkedHashMap<>();
        variants.forEach(variant -> perSecond.put(variant, new ArrayList<>()));
        for (int round = 0; round < roundCount; round++) {
            StringBuilder line = new StringBuilder(String.format("%s, %d thread(s), round %d:", database.title,
                    threadCount, round + 1));
            for (int i = 0; i < variants.size(); i++) {
                Variant variant = variants.get((round + i) % variants.size());
                ClosedLoop.Pass pass = variant.run(threadCount, length);
                perSecond.get(variant).add(pass.perSecond());
                if (latencies != null) {
                    latencies.computeIfAbsent(variant, v -> new Histogram(3)).add(pass.latencies());
                }
                line.append(String.format(" %s %,.0f/s;", variant.name(), pass.perSecond()));
            }
            line.append(" load average ").append(Files.readString(Path.of("/proc/loadavg")).strip());
            System.out.println(line);
        }
        return perSecond;
    }

    private static List<Double> ratios(List<Double> variant, List<Double> plain) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < variant.size(); i++) {
            ratios.add(variant.get(i) / plain.get(i));
        }
        return ratios;
    }

    /** Per call, on one thread: what each variant asks of the database and of Redis, through counting relays. */
    private List<String> count(Database database, Tables tables) throws Exception {
        List<String> table = new ArrayList<>();
        table.add("### " + database.title + ": per call (" + counted + " calls per variant, one thread)");
        table.add("");
        table.add("| variant | JDBC statements | commits | connections taken | setAutoCommit | database round trips"
                + " | Redis round trips | CPU µs: calling thread | CPU µs: PostgreSQL backend |");
        table.add("|---|---|---|---|---|---|---|---|---|");
        List<String> statements = new ArrayList<>();
        try (RoundTripRelay databaseRelay = new RoundTripRelay("127.0.0.1", database.port);
             RoundTripRelay redisRelay = new RoundTripRelay(REDIS_HOST, REDIS_PORT)) {
            CountingDataSource[] counter = new CountingDataSource[1];
            try (Stack stack = new Stack(database.dialect, database.url(databaseRelay.port()), database.user, 1,
                    "redis://127.0.0.1:" + redisRelay.port(), tables, pool -> {
                        counter[0] = new CountingDataSource(pool);
                        return counter[0].dataSource();
                    })) {
                OptionalLong backend = database == Database.POSTGRESQL
                        ? OptionalLong.of(stack.transactions.inTransaction(() -> backendPid(stack)))
                        : OptionalLong.empty();
                ThreadMXBean threadCpu = ManagementFactory.getThreadMXBean();
                for (Variant variant : variants(stack, counted)) {
                    try (Idempotency.Installation ignored = variant.engine() == null ? () -> { }
                            : Idempotency.install(variant.engine())) {
                        variant.call().run(); // the pool's connection, Jedis's: opened before counting
                        CountingDataSource.Counts before = counter[0].counts();
                        long databaseBefore = databaseRelay.roundTrips();
                        long redisBefore = redisRelay.roundTrips();
                        long threadBefore = threadCpu.getCurrentThreadCpuTime();
                        long backendBefore = backendMicros(backend);
                        for (int i = 0; i < counted; i++) {
                            variant.call().run();
                        }
                        double threadMicros = (threadCpu.getCurrentThreadCpuTime() - threadBefore) / 1e3 / counted;
                        String backendMicros = backend.isEmpty() ? "–"
                                : String.format("%.0f", (double) (backendMicros(backend) - backendBefore) / counted);
                        CountingDataSource.Counts used = counter[0].counts().minus(before);
                        table.add(String.format("| %s | %s | %s | %s | %s | %s | %s | %.0f | %s |", variant.name(),
                                per(used.statementCount()), per(used.commits()), per(used.connections()),
                                per(used.autoCommitSwitches()), per(databaseRelay.roundTrips() - databaseBefore),
                                per(redisRelay.roundTrips() - redisBefore), threadMicros, backendMicros));
                        statements.add("- " + variant.name() + ": " + (used.statements().isEmpty() ? "none"
                                : String.join("; ", used.statements().entrySet().stream()
                                        .map(entry -> per(entry.getValue()) + "× `" + entry.getKey() + "`")
                                        .toList())));
                    }
                }
                stack.deleteRedisKeys(tables);
            }
        }
        table.add("");
        table.add("Statements per call, by SQL text:");
        table.add("");
        table.addAll(statements);
        table.add("");
        return table;
    }

    /** The PostgreSQL backend serving the counting pass's one connection: its CPU is these calls' share. */
    private static long backendPid(Stack stack) throws Exception {
        try (Statement statement = stack.transactions.currentConnection().createStatement();
             ResultSet pid = statement.executeQuery("SELECT pg_backend_pid()")) {
            pid.next();
            return pid.getLong(1);
        }
    }

    private static long backendMicros(OptionalLong backend) {
        return backend.isEmpty() ? 0 : ProcessCpu.micros(backend.getAsLong()).orElseThrow();
    }

    private String per(long total) {
        double perCall = (double) total / counted;
        return perCall == Math.rint(perCall) ? String.valueOf((long) perCall) : String.format("%.2f", perCall);
    }

    private void createTables(Database database, Tables tables) throws Exception {
        List<String> ddl = new ArrayList<>(RecordSchema.statements(database.dialect, tables.records()));
        ddl.add(Orders.createTable(database.dialect, tables.orders()));
        execute(database, ddl);
    }

    private void dropTables(Database database, Tables tables) throws Exception {
        execute(database, Arrays.asList("DROP TABLE " + tables.records(), "DROP TABLE " + tables.orders()));
    }

    private static void execute(Database database, List<String> sql) throws Exception {
        try (Connection connection = DriverManager.getConnection(database.url(database.port), database.user, "");
             Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
        }
    }
}
