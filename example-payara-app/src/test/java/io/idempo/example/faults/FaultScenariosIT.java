package io.idempo.example.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.example.demo.DemoDelayAfterCommit;
import io.idempo.example.e2e.ExampleApp;
import io.idempo.example.e2e.OnEachDatabaseServer;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.net.FaultProxy;
import io.idempo.testing.redis.RedisBehindProxy;
import io.idempo.testing.redis.RedisProcess;
import io.idempo.testing.server.PayaraMicroServer;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * The fault-injection suite over HTTP, on PostgreSQL and on MariaDB in turn: the example app on Payara Micro, talking
 * to a Redis of the test's own through a {@link FaultProxy}, while {@link OrderTraffic} places orders the way a
 * careful client does. Every test ends with the {@link ExactlyOnce} verdict from the business table. One server
 * ({@link #configure}) and one Redis per database, for all the tests on it.
 */
@OnEachDatabaseServer
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultScenariosIT {

    /** The lease of every call in this suite: shorter than a restart, so that a crashed call's claim is gone. */
    static final Duration LEASE = Duration.ofSeconds(2);
    /** The claim store's connect and response timeout (RedisClients.TIMEOUT_MILLIS). */
    static final long REDIS_TIMEOUT_MILLIS = 500;
    /** What a request may take beyond one Redis timeout on this shared 2-core machine. */
    static final long MARGIN_MILLIS = 1_000;
    /** From a failed commit to the first successful retry: the claim timeout (1.5 s) and a careful client's pace. */
    static final Duration HEALED_WITHIN = Duration.ofMillis(2_500);

    private static RedisBehindProxy redisBehindProxy;
    private static PayaraMicroServer server;

    @Parameter
    DatabaseKind database;

    /** The app on {@code database}, its Redis behind a proxy, demo faults on, a lease of {@link #LEASE}. */
    static PayaraMicroServer configure(TestDatabase database, RedisBehindProxy redis) {
        return ExampleApp.onPayara(database)
                .withTrackedRedis(redis.url())
                .withEnv(ExampleApp.DEMO_FAULTS, "true")
                .withEnv("IDEMPO_LEASE", LEASE.toString());
    }

    @BeforeParameterizedClassInvocation
    static void startServer(DatabaseKind database) throws Exception {
        redisBehindProxy = new RedisBehindProxy();
        redisBehindProxy.start();
        server = configure(TestDatabase.local(database), redisBehindProxy);
        server.start(serverName(database));
    }

    @AfterParameterizedClassInvocation
    static void stopServer() throws Exception {
        try {
            if (server != null) {
                server.stop();
            }
        } finally {
            redisBehindProxy.close();
        }
    }

    /** Names the server's directory and log: {@code target/e2e/FaultScenariosIT-MARIADB.log}, say. */
    private static String serverName(DatabaseKind database) {
        return FaultScenariosIT.class.getSimpleName() + "-" + database;
    }

    PayaraMicroServer server() {
        return server;
    }

    /** A failed test leaves Redis healthy for the next one. */
    @AfterEach
    void healRedis() throws Exception {
        redisProxy().pass();
        redis().ensureRunning();
    }

    /** Issue #6, fault 1: Redis is {@code kill -9}ed and comes back empty, then flushed, then its keys expire early. */
    @Test
    void redisCrashedFlushedAndExpiredUnderLoadNeverRunsAnOrderTwice() throws Exception {
        try (OrderTraffic traffic = traffic("redis-loss")) {
            AtomicBoolean faultsDone = new AtomicBoolean();
            CompletableFuture<Void> faults = CompletableFuture.runAsync(() -> {
                try {
                    Thread.sleep(1_000);
                    redis().kill();
                    Thread.sleep(2_000);
                    redis().start();
                    Thread.sleep(1_500);
                    redis().flushAll();
                    Thread.sleep(1_500);
                    redis().expireAll(server().redisPrefix());
                    Thread.sleep(1_000);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    faultsDone.set(true);
                }
            });
            traffic.runUntil(faultsDone::get, 8);
            faults.join();
            ExactlyOnce.verify(traffic, server().database());
        }
        awaitRedisInUse();
    }

    /**
     * Issue #6, fault 2: Redis answers 50 ms late, then not at all for 3 s, then resets every connection for 2 s.
     * No request waits for more than one Redis timeout (and the margin); the database keeps every order single.
     */
    @Test
    void aSlowHungOrResettingRedisCostsOneTimeoutAtMost() throws Exception {
        try (OrderTraffic traffic = traffic("redis-proxy")) {
            redisProxy().delay(50);
            traffic.send(20, 4);
            runWhileFaulty(traffic, () -> redisProxy().blackhole(), Duration.ofSeconds(3));
            runWhileFaulty(traffic, () -> redisProxy().reset(), Duration.ofSeconds(2));
            ExactlyOnce.verify(traffic, server().database());
            long slowest = traffic.history().slowestMillis();
            assertTrue(slowest <= REDIS_TIMEOUT_MILLIS + MARGIN_MILLIS, "slowest request " + slowest + " ms");
        }
        awaitRedisInUse();
    }

    /**
     * Issue #6, fault 3: the app's database sessions are killed every 250 ms for 6 s, mid-transaction and
     * mid-commit. A request whose commit succeeded although its caller saw an error is replayed on retry, never run
     * again.
     */
    @Test
    void databaseSessionsKilledMidTransactionNeverRunAnOrderTwice() throws Exception {
        try (OrderTraffic traffic = traffic("db-kill")) {
            AtomicInteger killed = new AtomicInteger();
            runWhileFaulty(traffic, () -> {
                long end = System.nanoTime() + Duration.ofSeconds(6).toNanos();
                while (System.nanoTime() < end) {
                    try {
                        killed.addAndGet(server().database().killSessions());
                        Thread.sleep(250);
                    } catch (SQLException | InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }, Duration.ZERO);
            ExactlyOnce.verify(traffic, server().database());
            long failedThenReplayed = traffic.history().byKey().values().stream()
                    .filter(attempts -> attempts.stream()
                            .anyMatch(a -> a.status() >= 500 || a.status() == Attempt.NO_ANSWER))
                    .filter(attempts -> attempts.stream().anyMatch(Attempt::replayed))
                    .count();
            List<Long> healing = traffic.history().healingMillis();
            long slowestHealing = healing.stream().mapToLong(Long::longValue).max().orElse(0);
            System.out.printf("[faults] %d sessions killed; %d keys failed and were then replayed; a failed key's"
                    + " first success came %s ms after its last failure (slowest %d ms)%n", killed.get(),
                    failedThenReplayed, healing.stream().sorted().toList(), slowestHealing);
            assertTrue(killed.get() > 0, "no session was killed");
            assertFalse(healing.isEmpty(), "no request failed and then succeeded");
            // Issue #13: a claim left by a commit that failed without a callback lapses within the claim timeout
            // (1.5 s), not the lease; the rest is the careful client's pause between attempts and the retry itself.
            assertTrue(slowestHealing <= HEALED_WITHIN.toMillis(), "a failed key waited " + slowestHealing
                    + " ms for its first success: " + healing);
        }
    }

    /**
     * Issue #6, fault 4: the server is killed with three calls open: one in its business method (not committed),
     * two after the commit, before their answer. After the restart the first is retried and runs once; the other two
     * replay, one from Redis and one from the database (its Redis value deleted first).
     */
    @Test
    void aCrashBeforeTheCommitRunsOnceOnRetryAndAfterTheCommitReplays() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(3);
        try {
            KeyedOrder uncommitted = KeyedOrder.named("crash-in-call", 900_001);
            KeyedOrder committed = KeyedOrder.named("crash-after-commit", 900_002);
            KeyedOrder committedRedisLost = KeyedOrder.named("crash-after-commit-redis-lost", 900_003);
            List<Future<ApiResponse>> cut = List.of(
                    callers.submit(() -> uncommitted.send(alice().header("X-Demo-Delay-Ms", "30000"))),
                    callers.submit(() -> committed.send(alice().header(DemoDelayAfterCommit.HEADER, "30000"))),
                    callers.submit(() -> committedRedisLost.send(
                            alice().header(DemoDelayAfterCommit.HEADER, "30000"))));
            server().awaitLogLines("demo fault: delaying the return", 1, Duration.ofSeconds(30));
            server().awaitLogLines("demo fault: holding the answer back", 2, Duration.ofSeconds(30));

            server().crash();
            for (Future<ApiResponse> call : cut) {
                assertTrue(failsWithoutAnswer(call), "a call cut by the crash got an answer");
            }
            assertEquals(0, orders(uncommitted.product), "the uncommitted order was rolled back");
            assertEquals(1, orders(committed.product));
            redis().command("DEL", redisKey(committedRedisLost.key));
            server().restart(serverName(database) + "-after-crash");

            ApiResponse rerun = uncommitted.send(alice());
            assertEquals(201, rerun.status(), rerun.toString());
            assertTrue(rerun.header("Idempotent-Replayed").isEmpty(), "the uncommitted call ran again: " + rerun);
            for (KeyedOrder order : List.of(committed, committedRedisLost)) {
                ApiResponse replay = order.send(alice());
                assertEquals(201, replay.status(), replay.toString());
                assertEquals("true", replay.header("Idempotent-Replayed").orElse(""), replay.toString());
            }
            for (KeyedOrder order : List.of(uncommitted, committed, committedRedisLost)) {
                assertEquals(1, orders(order.product), order.key);
            }
        } finally {
            callers.shutdownNow();
        }
    }

    /**
     * Issue #6, fault 5: calls that last longer than their lease. Five duplicates per key arrive after the Redis
     * lease ran out, claim the key in Redis, and are stopped by the database: the first call's uncommitted record
     * holds the key, so each gets 409 within the bounded lock wait and rolls back. Exactly one order per key.
     */
    @Test
    void aCallOutlivingItsLeaseIsFencedByTheDatabase() throws Exception {
        int keys = 10;
        int duplicates = 5;
        ExecutorService callers = Executors.newFixedThreadPool(keys * (duplicates + 1));
        try {
            List<KeyedOrder> orders = new ArrayList<>();
            List<Future<ApiResponse>> firsts = new ArrayList<>();
            for (int i = 0; i < keys; i++) {
                KeyedOrder order = KeyedOrder.named("short-lease-" + i, 910_000 + i);
                orders.add(order);
                long holdMillis = LEASE.toMillis() * 3;
                firsts.add(callers.submit(
                        () -> order.send(alice().header("X-Demo-Delay-Ms", Long.toString(holdMillis)))));
            }
            Thread.sleep(LEASE.toMillis() + 500);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<ApiResponse>> late = new ArrayList<>();
            for (KeyedOrder order : orders) {
                for (int i = 0; i < duplicates; i++) {
                    late.add(callers.submit(() -> {
                        start.await();
                        return order.send(alice());
                    }));
                }
            }
            start.countDown();
            for (Future<ApiResponse> duplicate : late) {
                ApiResponse answer = duplicate.get();
                assertEquals(409, answer.status(), "a duplicate after the lease: " + answer);
            }
            for (Future<ApiResponse> first : firsts) {
                assertEquals(201, first.get().status(), first.get().toString());
            }
            for (KeyedOrder order : orders) {
                assertEquals(1, orders(order.product), order.key);
                ApiResponse replay = order.send(alice());
                assertEquals("true", replay.header("Idempotent-Replayed").orElse(""), replay.toString());
            }
        } finally {
            callers.shutdownNow();
        }
    }

    RedisProcess redis() {
        return redisBehindProxy.server();
    }

    FaultProxy redisProxy() {
        return redisBehindProxy.proxy();
    }

    private long orders(long product) throws SQLException {
        return ShopTables.orders(server().database(), product);
    }

    ApiClient alice() {
        return server().client(OrderTraffic.USER);
    }

    private OrderTraffic traffic(String name) {
        return new OrderTraffic(this::alice, name);
    }

    /** Runs {@code fault} on its own thread, holds it for {@code hold}, heals Redis; traffic flows all along. */
    private void runWhileFaulty(OrderTraffic traffic, Runnable fault, Duration hold) throws InterruptedException {
        AtomicBoolean done = new AtomicBoolean();
        CompletableFuture<Void> injected = CompletableFuture.runAsync(() -> {
            try {
                fault.run();
                Thread.sleep(hold.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                redisProxy().pass();
                done.set(true);
            }
        });
        traffic.runUntil(done::get, 8);
        injected.join();
    }

    /** The claim store is back in use: a new order's outcome lands in Redis (the circuit closes after 5 s). */
    private void awaitRedisInUse() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            KeyedOrder probe = KeyedOrder.named("redis-probe-" + System.nanoTime(), 990_000);
            assertEquals(201, probe.send(alice()).status());
            if (Long.valueOf(1).equals(redis().command("EXISTS", redisKey(probe.key)))) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("Redis was not used again within 20 s of the fault");
    }

    /** The Redis key of a client key's record (the app's prefix and the record's key hash). */
    private String redisKey(String clientKey) throws SQLException {
        return server().redisPrefix() + ShopTables.recordKeyHash(server().database(), clientKey);
    }

    private static boolean failsWithoutAnswer(Future<ApiResponse> call) throws InterruptedException {
        try {
            call.get();
            return false;
        } catch (ExecutionException e) {
            return true;
        }
    }

    /** One order request with a key and a product of its own. */
    private record KeyedOrder(String key, long product) {

        /** A fresh key starting with {@code name}. */
        static KeyedOrder named(String name, long product) {
            return new KeyedOrder(name + "-" + UUID.randomUUID().toString().substring(0, 8), product);
        }

        ApiResponse send(ApiClient client) {
            return client.post("/api/orders", "{\"productId\":" + product + ",\"quantity\":1,\"amount\":100}", key);
        }
    }
}
