package io.idempo.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.idempo.jackson.JacksonResponseCodec;
import io.idempo.opentelemetry.OpenTelemetryMetrics;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.IdempotencyEngineBuilder;
import io.idempo.runtime.claim.InMemoryClaimStore;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.h2.jdbcx.JdbcConnectionPool;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code @Idempotent} costs around a business transaction that makes one INSERT, with the embedded defaults
 * (H2 in memory, in-JVM claims), against the same method without the annotation, in the same run: a first call
 * (a new key each time), and a completed duplicate (answered by the claim store, no SQL). {@code metrics=sdk}
 * registers an OpenTelemetry SDK with the example's Prometheus reader for the engine's metrics
 * ({@link OpenTelemetryMetrics}); {@code none} reports nowhere.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar EngineOverheadBenchmark -prof gc</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class EngineOverheadBenchmark {

    private final AtomicLong keys = new AtomicLong();
    private final Shapes.OrderRequest request = Shapes.small(false);
    private JdbcConnectionPool pool;
    private JdbcTransactions transactions;
    private IdempotencyEngine engine;
    private Idempotency.Installation installation;
    private Orders orders;

    /** Held strongly: java.util.logging forgets the level of a logger nobody references. */
    private static final java.util.logging.Logger OUTCOME_LOG = java.util.logging.Logger.getLogger("io.idempo.outcome");

    /** The outcome log line per call is measured apart: console logging costs more than the engine itself. */
    @Param({"false", "true"})
    public boolean outcomeLog;

    /** {@code none}: no metrics; {@code sdk}: the engine's metrics recorded by an OpenTelemetry SDK. */
    @Param({"none", "sdk"})
    public String metrics;

    private OpenTelemetrySdk sdk;
    private OpenTelemetryMetrics engineMetrics;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        OUTCOME_LOG.setLevel(outcomeLog ? java.util.logging.Level.INFO : java.util.logging.Level.WARNING);
        pool = JdbcConnectionPool.create("jdbc:h2:mem:bench;DB_CLOSE_DELAY=-1", "sa", "");
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String ddl : RecordSchema.statements(SqlDialect.H2, RecordStore.DEFAULT_TABLE)) {
                statement.execute(ddl);
            }
            statement.execute(Orders.createTable(SqlDialect.H2, "bench_orders"));
        }
        transactions = new JdbcTransactions(pool);
        IdempotencyEngineBuilder builder = IdempotencyEngine.builder()
                .claimStore(new InMemoryClaimStore())
                .recordStore(RecordStore.builder(SqlDialect.H2).build())
                .transactions(transactions)
                .responseCodec(new JacksonResponseCodec(new ObjectMapper()));
        if (metrics.equals("sdk")) {
            sdk = MetricsRecordingBenchmark.sdk();
            engineMetrics = new OpenTelemetryMetrics(sdk);
            builder.metrics(engineMetrics);
        }
        engine = builder.build();
        installation = Idempotency.install(engine);
        orders = new Orders(transactions, "bench_orders");
        transactions.inTransaction(() -> orders.place(request, "duplicate-key-0001"));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        installation.close();
        engine.close();
        if (sdk != null) {
            engineMetrics.close();
            sdk.close();
        }
        pool.dispose();
    }

    @Benchmark
    public String plainTransaction() throws Exception {
        String key = String.format("plain-%012d", keys.incrementAndGet());
        return transactions.inTransaction(() -> orders.placePlain(request, key));
    }

    @Benchmark
    public String idempotentFirstCall() throws Exception {
        String key = String.format("first-%012d", keys.incrementAndGet());
        return transactions.inTransaction(() -> orders.place(request, key));
    }

    @Benchmark
    public String idempotentCompletedDuplicate() throws Exception {
        return transactions.inTransaction(() -> orders.place(request, "duplicate-key-0001"));
    }
}
