package io.idempo.runtime.step;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.runtime.record.JdbcSqlExecutor;
import io.idempo.runtime.spi.ResponseCodec;
import io.idempo.runtime.tx.JdbcTransactions;
import io.idempo.testing.TestClock;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * What one step test needs, on a real database: a step table of its own (the shipped DDL, under a fresh name), a
 * Hikari pool at READ COMMITTED with plain-JDBC transactions, the JSON-B codec, a clock the test moves, recorded
 * metrics, and the steps built on all of it. Closing it drops the table and the pool.
 */
final class StepHarness implements AutoCloseable {

    /** Short enough that tests move the clock past it, long enough that no run in a test outlives it unasked. */
    static final StepPolicy POLICY = new StepPolicy(3, Duration.ofSeconds(2), Duration.ofSeconds(8),
            Duration.ofMinutes(1), Duration.ofHours(1));

    final StepDatabase database;
    final String table = "step_t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    final HikariDataSource pool;
    final JdbcTransactions transactions;
    final TestClock clock = new TestClock();
    final RecordingMetrics metrics = new RecordingMetrics();
    final ResponseCodec codec = JsonbResponseCodec.create();
    final StepStore store;
    final ExternalSteps steps;

    StepHarness(StepDatabase database) throws SQLException {
        this(database, 8);
    }

    StepHarness(StepDatabase database, int poolSize) throws SQLException {
        this.database = database;
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.database.url);
        config.setUsername(database.database.user);
        config.setPassword("");
        config.setMaximumPoolSize(poolSize);
        config.setConnectionTimeout(2_000);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        this.pool = new HikariDataSource(config);
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String ddl : StepSchema.statements(database.dialect, table)) {
                statement.execute(ddl);
            }
            connection.commit();
        }
        this.transactions = new JdbcTransactions(pool);
        this.store = StepStore.builder(database.dialect).table(table).build();
        this.steps = ExternalSteps.builder(store, transactions, codec).clock(clock).metrics(metrics)
                .defaults(POLICY).build();
    }

    /** The step's row as committed, read on a connection of its own. */
    Optional<StoredStep> row(String derivedKey) throws SQLException {
        try (Connection connection = pool.getConnection()) {
            Optional<StoredStep> row = store.find(new JdbcSqlExecutor(connection), derivedKey);
            connection.commit();
            return row;
        }
    }

    /** How many rows the step table holds. */
    long rowCount() throws SQLException {
        try (Connection connection = pool.getConnection()) {
            long count = (Long) new JdbcSqlExecutor(connection).query("SELECT COUNT(*) FROM " + table).get(0)[0];
            connection.commit();
            return count;
        }
    }

    @Override
    public void close() throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE " + table);
            connection.commit();
        } finally {
            pool.close();
        }
    }
}
