package io.idempo.benchmarks.plain;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.benchmarks.Orders;
import io.idempo.benchmarks.RedisKeys;
import io.idempo.jackson.JacksonResponseCodec;
import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.claim.InMemoryClaimStore;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.tx.JdbcTransactions;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import redis.clients.jedis.UnifiedJedis;

/**
 * What a plain Java application builds around the business method, once per database: a connection pool at READ
 * COMMITTED, {@link JdbcTransactions}, and two engines on the same record table, one with its claims in this JVM
 * and one with them in Redis. The engines own the transaction (the {@code BEGIN} policy): a call arrives with none.
 */
final class Stack implements AutoCloseable {

    final JdbcTransactions transactions;
    final Orders orders;
    final IdempotencyEngine inJvmClaims;
    final IdempotencyEngine redisClaims;
    private final HikariDataSource pool;
    private final UnifiedJedis redis;

    /**
     * @param jdbcUrl   the database, or a relay in front of it
     * @param redisUrl  Redis, or a relay in front of it
     * @param counting  wraps the pool for the transactions and the engines (identity when timing)
     */
    Stack(SqlDialect dialect, String jdbcUrl, String user, int poolSize, String redisUrl, Tables tables,
          UnaryOperator<DataSource> counting) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setMaximumPoolSize(poolSize);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        pool = new HikariDataSource(config);
        transactions = new JdbcTransactions(counting.apply(pool));
        orders = new Orders(transactions, tables.orders());
        redis = RedisClients.failFast(redisUrl);
        RecordStore records = RecordStore.builder(dialect).table(tables.records()).build();
        inJvmClaims = engine(records, new InMemoryClaimStore());
        redisClaims = engine(records, new JedisClaimStore(redis, tables.redisPrefix()));
    }

    private IdempotencyEngine engine(RecordStore records, ClaimStore claims) {
        return IdempotencyEngine.builder()
                .claimStore(claims)
                .recordStore(records)
                .transactions(transactions)
                .responseCodec(new JacksonResponseCodec(new ObjectMapper()))
                .build();
    }

    /** Deletes the run's claims and outcomes from Redis. */
    void deleteRedisKeys(Tables tables) {
        RedisKeys.unlinkAll(redis, tables.redisPrefix());
    }

    @Override
    public void close() {
        inJvmClaims.close();
        redisClaims.close();
        redis.close();
        pool.close();
    }
}
