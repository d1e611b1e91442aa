package io.idempo.messaging.testing;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.claim.InMemoryClaimStore;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.tx.JdbcTransactions;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.redis.RedisKeyspace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import redis.clients.jedis.UnifiedJedis;

/**
 * The application side of a consumer test, on real servers: a record table and an effects table of its own, a
 * Hikari pool, plain JDBC transactions (the engine begins one per message), the claim store of the chosen mode,
 * and the engine installed for the woven {@link Ledger}. Closing it drops the tables and the Redis keys.
 */
public final class LedgerHarness implements AutoCloseable {

    /** The shared Redis of {@link ClaimMode#REDIS}. */
    private static final String REDIS_URL = "redis://127.0.0.1:6379";

    public final Ledger ledger;
    /** Names this harness's tables and Redis keys, for a harness attached in another process. */
    public final String suffix;
    private final String recordTable;
    private final String effectsTable;
    private final String redisPrefix;
    private final HikariDataSource pool;
    private final IdempotencyEngine engine;
    private final Idempotency.Installation installation;
    private final UnifiedJedis redis;

    private final boolean owner;

    public LedgerHarness(DatabaseKind kind, ClaimMode mode) throws SQLException {
        this(kind, mode, UUID.randomUUID().toString().substring(0, 8), true);
    }

    /**
     * The harness of another process (a consumer in a child JVM): the tables and Redis keys of {@code suffix},
     * which that harness created and drops; closing this one leaves them.
     */
    public static LedgerHarness attach(DatabaseKind kind, ClaimMode mode, String suffix) throws SQLException {
        return new LedgerHarness(kind, mode, suffix, false);
    }

    private LedgerHarness(DatabaseKind kind, ClaimMode mode, String suffix, boolean owner) throws SQLException {
        this.owner = owner;
        this.suffix = suffix;
        this.recordTable = "idem_m_" + suffix;
        this.effectsTable = "effects_m_" + suffix;
        this.redisPrefix = "idempo-test-" + suffix + ":";
        TestDatabase database = Databases.of(kind);
        SqlDialect dialect = Databases.dialect(kind);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.url());
        config.setUsername(database.user());
        config.setPassword(database.password());
        config.setMaximumPoolSize(12);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        this.pool = new HikariDataSource(config);
        List<String> ddl = new ArrayList<>(RecordSchema.statements(dialect, recordTable));
        ddl.add("CREATE TABLE " + effectsTable + " (id VARCHAR(36) PRIMARY KEY, event_key VARCHAR(255) NOT NULL,"
                + " consumer VARCHAR(64) NOT NULL, amount DECIMAL(12,2) NOT NULL)");
        if (owner) {
            execute(ddl);
        }
        this.redis = mode == ClaimMode.REDIS ? RedisClients.failFast(REDIS_URL) : null;
        ClaimStore claims = redis == null ? new InMemoryClaimStore() : new JedisClaimStore(redis, redisPrefix);
        JdbcTransactions transactions = new JdbcTransactions(pool);
        this.engine = IdempotencyEngine.builder()
                .claimStore(claims)
                .recordStore(RecordStore.builder(dialect).table(recordTable).build())
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create())
                .build();
        this.installation = Idempotency.install(engine);
        this.ledger = new Ledger(transactions, effectsTable);
    }

    /** Effect rows written by committed calls. */
    public int effects() throws SQLException {
        return count("SELECT COUNT(*) FROM " + effectsTable);
    }

    /** Distinct events among the effect rows of {@code consumer}. */
    public int distinctEffects(String consumer) throws SQLException {
        return count("SELECT COUNT(DISTINCT event_key) FROM " + effectsTable + " WHERE consumer = ?", consumer);
    }

    public int effects(String consumer) throws SQLException {
        return count("SELECT COUNT(*) FROM " + effectsTable + " WHERE consumer = ?", consumer);
    }

    /** The largest number of effect rows any one event and consumer has: 1 when nothing ran twice. */
    public int mostEffectsOfOneEvent() throws SQLException {
        return count("SELECT COALESCE(MAX(n), 0) FROM (SELECT COUNT(*) AS n FROM " + effectsTable
                + " GROUP BY event_key, consumer) per_event");
    }

    public int records() throws SQLException {
        return count("SELECT COUNT(*) FROM " + recordTable);
    }

    private int count(String sql, String... parameters) throws SQLException {
        try (Connection connection = pool.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setString(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                int count = rows.getInt(1);
                connection.commit();
                return count;
            }
        }
    }

    private void execute(List<String> sql) throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
            connection.commit();
        }
    }

    @Override
    public void close() throws SQLException {
        installation.close();
        engine.close();
        if (redis != null) {
            if (owner) {
                new RedisKeyspace(REDIS_URL, redisPrefix).deleteAll();
            }
            redis.close();
        }
        if (owner) {
            execute(List.of("DROP TABLE " + effectsTable, "DROP TABLE " + recordTable));
        }
        pool.close();
    }
}
