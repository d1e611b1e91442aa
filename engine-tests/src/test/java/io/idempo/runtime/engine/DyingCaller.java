package io.idempo.runtime.engine;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.tx.JpaTransactions;
import jakarta.persistence.Persistence;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A second JVM that starts a call on the tables and Redis prefix of a test's {@link EngineHarness} and is killed by
 * the test inside the method, after its business write: what a crashed node leaves behind. It prints
 * {@link #INSIDE} once the method is running, then waits to be killed.
 */
final class DyingCaller {

    static final String INSIDE = "inside the method";

    private DyingCaller() {
    }

    /** Arguments: database, record table, orders table, Redis prefix, key, product id. */
    public static void main(String[] arguments) throws Exception {
        EngineDatabase database = EngineDatabase.valueOf(arguments[0]);
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.url);
        config.setUsername(database.user);
        config.setAutoCommit(false);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        JpaTransactions transactions = new JpaTransactions(Persistence.createEntityManagerFactory("idempo-records",
                Map.of("jakarta.persistence.nonJtaDataSource", new HikariDataSource(config))));
        IdempotencyEngine engine = IdempotencyEngine.builder()
                .claimStore(new JedisClaimStore(RedisClients.failFast(EngineHarness.REDIS_ADDRESS), arguments[3]))
                .recordStore(RecordStore.builder(database.dialect).table(arguments[1]).build())
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create())
                .build();
        Idempotency.install(engine);
        Shop shop = new Shop(transactions, arguments[2]);
        shop.delay = Duration.ofMinutes(5);
        Thread call = new Thread(() -> {
            try {
                transactions.inTransaction(() -> shop.placeOrder(
                        new Shop.OrderRequest(Long.parseLong(arguments[5]), 1, BigDecimal.TEN), arguments[4]));
            } catch (Exception e) {
                e.printStackTrace();
            }
        });
        call.start();
        while (shop.executions.get() == 0) {
            Thread.sleep(10);
        }
        System.out.println(INSIDE);
        System.out.flush();
        call.join();
    }

    /** Starts this class in a JVM of its own with the test's class path; its output goes to {@code log}. */
    static Process start(Path log, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), DyingCaller.class.getName()));
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
