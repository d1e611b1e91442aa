package io.idempo.example.plainjava;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.IdempotencyEngineBuilder;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JpaTransactions;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts what idempo needs in a plain Java application, and stops it: a connection pool at READ COMMITTED, Hibernate
 * (resource-local), the record store for the database found, the claim store, and the engine, installed for the
 * woven {@code @Idempotent} methods.
 */
public final class Application implements AutoCloseable {

    /** The shop's own table. The demo creates it at start; a real application creates it with its migrations. */
    private static final String SHOP_ORDER_TABLE = """
            CREATE TABLE IF NOT EXISTS shop_order (id VARCHAR(36) PRIMARY KEY, order_key VARCHAR(255) NOT NULL,
              product VARCHAR(100) NOT NULL, quantity INT NOT NULL, amount_cents BIGINT NOT NULL,
              payment VARCHAR(100) NOT NULL, paid_cents BIGINT NOT NULL)""";

    private final HikariDataSource pool;
    private final SqlDialect dialect;
    private final EntityManagerFactory entityManagers;
    private final Optional<RedisClaims> redis;
    private final IdempotencyEngine engine;
    private final Idempotency.Installation installation;
    private final OrderService orders;
    private final PaymentCallbacks callbacks;

    private Application(Settings settings, PaymentProvider payments) throws SQLException {
        pool = connectionPool(settings);
        // Which SQL the record store speaks, from the database itself: it also tells MariaDB from MySQL when the
        // MySQL driver reports MariaDB as "MySQL". Name one (SqlDialect.MARIADB) where no connection can be had.
        try (Connection connection = pool.getConnection()) {
            dialect = SqlDialect.detect(connection);
        }
        // The record table's name is given here only (RecordStore.DEFAULT_TABLE unless .table("...") names another).
        RecordStore records = RecordStore.builder(dialect).build();
        createTables(records);
        entityManagers = Persistence.createEntityManagerFactory("shop",
                Map.of("jakarta.persistence.nonJtaDataSource", pool));
        JpaTransactions transactions = new JpaTransactions(entityManagers);

        IdempotencyEngineBuilder builder = IdempotencyEngine.builder()
                .recordStore(records)
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create());
        // With REDIS_URL the claims go to Redis (idempo-redis-jedis); without it they stay in this JVM.
        redis = settings.redisUrl().map(RedisClaims::connect);
        redis.ifPresent(claims -> builder.claimStore(claims.store(settings.redisPrefix())));
        engine = builder.build();
        installation = Idempotency.install(engine);

        orders = new OrderService(transactions, payments);
        callbacks = new PaymentCallbacks(transactions);
    }

    public static Application start(Settings settings, PaymentProvider payments) throws SQLException {
        return new Application(settings, payments);
    }

    /**
     * READ COMMITTED: a duplicate that waited on the record's lock then reads the committed winner, and MySQL and
     * MariaDB (REPEATABLE READ by default) take no gap locks, which keeps bursts on one key short.
     */
    private static HikariDataSource connectionPool(Settings settings) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(settings.dbUrl());
        config.setUsername(settings.dbUser());
        config.setPassword(settings.dbPassword());
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        config.setMaximumPoolSize(8);
        return new HikariDataSource(config);
    }

    /** The demo's tables; a real application runs RecordSchema's statements (or the shipped files) as migrations. */
    private void createTables(RecordStore records) throws SQLException {
        List<String> statements = new ArrayList<>(RecordSchema.statements(records.dialect(), records.table()));
        statements.add(SHOP_ORDER_TABLE);
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    public OrderService orders() {
        return orders;
    }

    public PaymentCallbacks callbacks() {
        return callbacks;
    }

    public SqlDialect dialect() {
        return dialect;
    }

    /** Where the claims are kept, for the start line. */
    public String claimsLocation() {
        return redis.map(RedisClaims::location).orElse("in this JVM");
    }

    /** In the reverse order of start: calls stop reaching the engine before its stores go away. */
    @Override
    public void close() {
        installation.close();
        engine.close();
        redis.ifPresent(RedisClaims::close);
        entityManagers.close();
        pool.close();
    }
}
