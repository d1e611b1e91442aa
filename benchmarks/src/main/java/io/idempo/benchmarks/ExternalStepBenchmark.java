package io.idempo.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jackson.JacksonResponseCodec;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.step.ExternalSteps;
import io.idempo.runtime.step.StepDefinition;
import io.idempo.runtime.step.StepOwner;
import io.idempo.runtime.step.StepSchema;
import io.idempo.runtime.step.StepStore;
import io.idempo.runtime.tx.JdbcTransactions;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * What an external step costs around the call it protects, against the bare call, in the same run: a charge over
 * loopback HTTP to a provider in the same JVM (the JDK's server answering a fixed charge), made bare
 * ({@code bareCall}), as a step's first run ({@code stepFirstRun}: the start transaction, the call, the answer's
 * transaction, a new owner each time) and as a run of a step that already succeeded ({@code stepReplay}: one
 * transaction, no call); {@code stepFirstRunWithoutCall} is a first run whose call answers at once, the step's own
 * cost alone. {@code businessTransaction} is one INSERT in a transaction of the same pool, the unit a
 * step's transactions are made of. On H2 in memory and on the local PostgreSQL ({@code database}).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar ExternalStepBenchmark</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class ExternalStepBenchmark {

    /** The charge the provider answers and the step stores. */
    public record Charge(String id, long amount) {
    }

    private static final StepDefinition<Charge> CHARGE = StepDefinition.of("bench.charge", Charge.class);
    private static final Charge ANSWERED = new Charge("ch_1", 1990);
    private static final byte[] ANSWER = "{\"id\":\"ch_1\",\"amount\":1990}".getBytes(StandardCharsets.UTF_8);

    static {
        // The JDK's server writes headers and body apart: without TCP_NODELAY, Nagle's algorithm and the client's
        // delayed ACK hold every answer for 40 ms, which would make the bare call a timer, not a call.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    /** Held strongly: java.util.logging forgets the level of a logger nobody references. */
    private static final java.util.logging.Logger OUTCOME_LOG = java.util.logging.Logger.getLogger("io.idempo.outcome");

    @Param({"h2", "postgresql"})
    public String database;

    private final AtomicLong owners = new AtomicLong();
    private final String table = "bench_step_" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    private final HttpClient http = HttpClient.newHttpClient();
    private HttpServer provider;
    private HttpRequest.Builder charge;
    private HikariDataSource pool;
    private JdbcTransactions transactions;
    private ExternalSteps steps;
    private StepOwner replayed;
    private String insert;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        OUTCOME_LOG.setLevel(java.util.logging.Level.WARNING);
        provider = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        provider.setExecutor(Executors.newFixedThreadPool(2));
        provider.createContext("/v1/charges", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                exchange.sendResponseHeaders(200, ANSWER.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(ANSWER);
                }
            }
        });
        provider.start();
        charge = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + provider.getAddress().getPort()
                + "/v1/charges")).POST(HttpRequest.BodyPublishers.ofString("amount=1990"));

        SqlDialect dialect = database.equals("h2") ? SqlDialect.H2 : SqlDialect.POSTGRESQL;
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.equals("h2") ? "jdbc:h2:mem:steps;DB_CLOSE_DELAY=-1"
                : "jdbc:postgresql://127.0.0.1:5432/test");
        config.setUsername(database.equals("h2") ? "sa" : "postgres");
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        config.setMaximumPoolSize(4);
        pool = new HikariDataSource(config);
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String ddl : StepSchema.statements(dialect, table)) {
                statement.execute(ddl);
            }
            statement.execute("CREATE TABLE " + table + "_orders (id VARCHAR(64) PRIMARY KEY, amount BIGINT)");
            connection.commit();
        }
        insert = "INSERT INTO " + table + "_orders (id, amount) VALUES (?, ?)";
        transactions = new JdbcTransactions(pool);
        steps = ExternalSteps.builder(StepStore.builder(dialect).table(table).build(), transactions,
                new JacksonResponseCodec(new ObjectMapper())).build();
        replayed = StepOwner.event("replayed-owner");
        steps.run(CHARGE, replayed, this::call);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE " + table);
            statement.execute("DROP TABLE " + table + "_orders");
            connection.commit();
        }
        pool.close();
        provider.stop(0);
        ((java.util.concurrent.ExecutorService) provider.getExecutor()).shutdownNow();
    }

    private Charge call(String idempotencyKey) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(charge.copy().header("Idempotency-Key", idempotencyKey).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("provider answered " + response.statusCode());
        }
        return ANSWERED;
    }

    @Benchmark
    public Charge bareCall() throws Exception {
        return call("idem-" + owners.incrementAndGet());
    }

    @Benchmark
    public Charge stepFirstRun() throws Exception {
        return steps.run(CHARGE, StepOwner.event("owner-" + owners.incrementAndGet()), this::call);
    }

    /** The step's own cost alone: a first run whose call answers at once, without the network. */
    @Benchmark
    public Charge stepFirstRunWithoutCall() throws Exception {
        return steps.run(CHARGE, StepOwner.event("owner-" + owners.incrementAndGet()), key -> ANSWERED);
    }

    @Benchmark
    public Charge stepReplay() throws Exception {
        return steps.run(CHARGE, replayed, this::call);
    }

    @Benchmark
    public int businessTransaction() throws Exception {
        String id = "order-" + owners.incrementAndGet();
        return transactions.inTransaction(() -> {
            try (PreparedStatement statement = transactions.currentConnection().prepareStatement(insert)) {
                statement.setString(1, id);
                statement.setLong(2, 1990);
                return statement.executeUpdate();
            }
        });
    }
}
