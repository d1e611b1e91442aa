package io.idempo.runtime.engine;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.opentelemetry.OpenTelemetryTraceIds;
import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.claim.InMemoryClaimStore;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.idempo.runtime.spi.TransactionSupport;
import io.idempo.runtime.tx.JpaTransactions;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Everything one engine test needs, on real servers: a record table and a business table of its own, a Hikari
 * pool with a statement log in front, Hibernate as the JPA provider, the claim store of the chosen mode, and the
 * engine (with the OpenTelemetry trace ids in its outcome line) installed for the woven {@link Shop}. Closing it
 * drops the tables and shuts everything down.
 */
final class EngineHarness implements AutoCloseable {

    static final String REDIS_ADDRESS = "redis://127.0.0.1:6379";

    /**
     * What a test may change about the setup: the Redis of {@link ClaimMode#REDIS} (a redis-server or a cluster of
     * the test's own), the pool's isolation level and size, and wrappers around the claim store (to tune its circuit
     * breaker) and around the transactions the engine sees.
     */
    record Options(RedisNodes redis, String isolation, UnaryOperator<ClaimStore> claims, int poolSize,
                   UnaryOperator<TransactionSupport> transactions, IdempotencyMetrics metrics) {
        static final Options DEFAULT = new Options(new RedisNodes(List.of(REDIS_ADDRESS), false),
                "TRANSACTION_READ_COMMITTED", UnaryOperator.identity(), 24, UnaryOperator.identity(),
                IdempotencyMetrics.NONE);

        Options redis(String address) {
            return new Options(new RedisNodes(List.of(address), false), isolation, claims, poolSize, transactions,
                    metrics);
        }

        Options redisCluster(List<String> seedAddresses) {
            return new Options(new RedisNodes(seedAddresses, true), isolation, claims, poolSize, transactions,
                    metrics);
        }

        Options isolation(String level) {
            return new Options(redis, level, claims, poolSize, transactions, metrics);
        }

        Options claims(UnaryOperator<ClaimStore> wrapper) {
            return new Options(redis, isolation, wrapper, poolSize, transactions, metrics);
        }

        /** A pool of {@code size} connections (24 by default). */
        Options poolSize(int size) {
            return new Options(redis, isolation, claims, size, transactions, metrics);
        }

        /** Where the engine reports its outcomes. */
        Options metrics(IdempotencyMetrics engineMetrics) {
            return new Options(redis, isolation, claims, poolSize, transactions, engineMetrics);
        }

        /** What the engine sees of the transactions (to imitate a container that drops completion callbacks). */
        Options transactions(UnaryOperator<TransactionSupport> wrapper) {
            return new Options(redis, isolation, claims, poolSize, wrapper, metrics);
        }
    }

    /**
     * One Redis server, or a cluster found from {@code addresses} (every master of a cluster of the test's own, so
     * that closing the harness finds the test's keys on each).
     */
    record RedisNodes(List<String> addresses, boolean cluster) {
        UnifiedJedis connect() {
            return cluster ? RedisClients.failFastCluster(addresses) : RedisClients.failFast(addresses.get(0));
        }

        /**
         * Deletes the keys under {@code prefix} from every node, one {@code DEL} per key: a cluster node refuses a
         * {@code DEL} of keys in several slots.
         */
        void deleteKeys(String prefix) {
            for (String address : addresses) {
                try (UnifiedJedis node = RedisClients.failFast(address)) {
                    String cursor = ScanParams.SCAN_POINTER_START;
                    ScanResult<String> page;
                    do {
                        page = node.scan(cursor, new ScanParams().match(prefix + "*").count(1_000));
                        page.getResult().forEach(node::del);
                        cursor = page.getCursor();
                    } while (!page.isCompleteIteration());
                }
            }
        }
    }

    final EngineDatabase database;
    final ClaimMode mode;
    final String recordTable;
    final String ordersTable;
    final String redisPrefix;
    final StatementLog statements = new StatementLog();
    final HikariDataSource pool;
    final EntityManagerFactory entityManagers;
    final JpaTransactions transactions;
    final RecordStore records;
    final UnifiedJedis redis;
    private final RedisNodes redisNodes;
    /** The claim store as given to the engine (which wraps a Redis one in its fail-open circuit). */
    final ClaimStore claims;
    final IdempotencyEngine engine;
    private Idempotency.Installation installation;
    final Shop shop;

    EngineHarness(EngineDatabase database, ClaimMode mode) throws SQLException {
        this(database, mode, Duration.ZERO);
    }

    EngineHarness(EngineDatabase database, ClaimMode mode, Duration waitForResult) throws SQLException {
        this(database, mode, waitForResult, Options.DEFAULT);
    }

    EngineHarness(EngineDatabase database, ClaimMode mode, Duration waitForResult, Options options)
            throws SQLException {
        this.database = database;
        this.mode = mode;
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        this.recordTable = "idem_e_" + suffix;
        this.ordersTable = "orders_e_" + suffix;
        this.redisPrefix = "idempo-test-" + suffix + ":";
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.url);
        config.setUsername(database.user);
        config.setPassword("");
        config.setMaximumPoolSize(options.poolSize());
        config.setAutoCommit(false);
        config.setTransactionIsolation(options.isolation());
        this.pool = new HikariDataSource(config);
        List<String> ddl = new ArrayList<>(RecordSchema.statements(database.dialect, recordTable));
        ddl.add("CREATE TABLE " + ordersTable + " (id VARCHAR(36) PRIMARY KEY, client_key VARCHAR(255) NOT NULL,"
                + " product_id BIGINT NOT NULL, quantity INT NOT NULL, amount DECIMAL(12,2) NOT NULL)");
        execute(ddl);
        this.entityManagers = Persistence.createEntityManagerFactory("idempo-records",
                Map.of("jakarta.persistence.nonJtaDataSource", statements.wrap(pool)));
        this.transactions = new JpaTransactions(entityManagers);
        this.records = RecordStore.builder(database.dialect).table(recordTable).build();
        this.redisNodes = options.redis();
        this.redis = switch (mode) {
            case IN_MEMORY -> null;
            case REDIS -> options.redis().connect();
            case REDIS_DOWN -> RedisClients.failFast("redis://127.0.0.1:1");
        };
        this.claims = options.claims().apply(
                redis == null ? new InMemoryClaimStore() : new JedisClaimStore(redis, redisPrefix));
        this.engine = IdempotencyEngine.builder()
                .claimStore(claims)
                .recordStore(records)
                .transactions(options.transactions().apply(transactions))
                .responseCodec(JsonbResponseCodec.create())
                .waitForResult(waitForResult)
                .metrics(options.metrics())
                .traceIds(new OpenTelemetryTraceIds())
                .build();
        this.shop = new Shop(transactions, ordersTable);
        activate();
    }

    /**
     * Another instance of the application on the same database: an engine over this harness's record table and
     * transactions with a claim store of its own, shared with no other engine. The caller closes it.
     */
    IdempotencyEngine anotherInstance(ClaimStore ownClaims) {
        return IdempotencyEngine.builder()
                .claimStore(ownClaims)
                .recordStore(records)
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create())
                .build();
    }

    /** Makes this harness's engine the one the woven shop runs through. */
    void activate() {
        if (installation == null) {
            installation = Idempotency.install(engine);
        }
    }

    /** Lets another harness's engine be installed. */
    void deactivate() {
        if (installation != null) {
            installation.close();
            installation = null;
        }
    }

    /** Calls {@code place} in a transaction of the caller's, as a resource method or service would. */
    Shop.Order placeInTransaction(Shop.OrderRequest request, String key) throws Exception {
        return transactions.inTransaction(() -> shop.placeOrder(request, key));
    }

    /**
     * Calls {@code place} with one key from {@code threads} threads of {@code pool} released together: each call's
     * order, or the {@link IdempotencyInProgressException} it got. Any other exception fails the caller.
     */
    List<Object> placeConcurrently(ExecutorService pool, int threads, Shop.OrderRequest request, String key)
            throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<Object>> calls = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            calls.add(pool.submit(() -> {
                start.await();
                try {
                    return placeInTransaction(request, key);
                } catch (IdempotencyInProgressException e) {
                    return e;
                }
            }));
        }
        List<Object> outcomes = new ArrayList<>();
        for (Future<Object> call : calls) {
            outcomes.add(call.get()); // any other exception (a unique violation...) is thrown here
        }
        return outcomes;
    }

    int orderRows() throws SQLException {
        return count("SELECT COUNT(*) FROM " + ordersTable);
    }

    int orderRows(String key) throws SQLException {
        return count("SELECT COUNT(*) FROM " + ordersTable + " WHERE client_key = ?", key);
    }

    int recordRows() throws SQLException {
        return count("SELECT COUNT(*) FROM " + recordTable);
    }

    /** The record's columns that must not change once the first call completed. */
    List<String> recordState() throws SQLException {
        try (Connection connection = pool.getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT key_hash, fingerprint, status, response FROM "
                     + recordTable + " ORDER BY key_hash")) {
            List<String> state = new ArrayList<>();
            while (rows.next()) {
                state.add(rows.getString(1) + "|" + rows.getString(2) + "|" + rows.getString(3) + "|"
                        + rows.getString(4));
            }
            connection.commit();
            return state;
        }
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
        deactivate();
        engine.close();
        if (redis != null) {
            if (mode == ClaimMode.REDIS) {
                redisNodes.deleteKeys(redisPrefix);
            }
            redis.close();
        }
        entityManagers.close();
        execute(List.of("DROP TABLE " + ordersTable, "DROP TABLE " + recordTable));
        pool.close();
    }
}
