package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.RecordKey;
import io.idempo.runtime.claim.FailOpenClaimStore;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import io.idempo.testing.redis.RedisCluster;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The engine on PostgreSQL with its claims in a Redis Cluster of three masters of the test's own: concurrent
 * duplicates run once and completed ones are answered by the cluster without SQL; a master killed with
 * {@code kill -9} costs speed, bounded by the fail-fast timeout, never exactly-once (the database decides alone
 * behind {@link FailOpenClaimStore}), first while only its slots are lost, then while the whole cluster says it is
 * down, and the calls are answered by the cluster again once the master is back.
 */
class RedisClusterEngineTest {

    @RegisterExtension
    static final RedisCluster cluster = RedisCluster.threeMasters();

    private static final String ACTION = "orders.create";
    private static final OrderRequest REQUEST = new OrderRequest(1001, 2, new BigDecimal("199.00"));
    /**
     * A call that meets the dead master pays at most the connect and the response timeout (500 ms each), then the
     * database decides: with room for a busy CI, with no retry in the client.
     */
    private static final Duration QUICK = Duration.ofSeconds(3);

    @Test
    void oneHundredConcurrentCallsWithOneKeyRunOnceAndDuplicatesAreAnsweredByTheCluster() throws Exception {
        EngineHarness.Options options = EngineHarness.Options.DEFAULT.redisCluster(cluster.seeds());
        int threads = 100;
        int trials = 10;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS, Duration.ZERO,
                options)) {
            harness.shop.delay = Duration.ofMillis(50);
            List<String> keys = new ArrayList<>();
            for (int trial = 0; trial < trials; trial++) {
                String key = "cluster-" + UUID.randomUUID();
                keys.add(key);
                List<Order> orders = harness.placeConcurrently(pool, threads, REQUEST, key).stream()
                        .filter(Order.class::isInstance).map(Order.class::cast).toList();
                assertEquals(1, harness.orderRows(key), "business rows for trial " + trial);
                assertTrue(orders.stream().distinct().count() <= 1, "every success is the first call's result");
            }
            assertEquals(trials, harness.shop.executions.get());

            for (String key : keys) {
                harness.statements.start();
                harness.placeInTransaction(REQUEST, key);
                List<StatementLog.Entry> duplicate = harness.statements.stop();
                assertEquals(List.of(), duplicate.stream().filter(entry -> !entry.kind().equals("commit")).toList(),
                        "a completed duplicate of " + key + " is answered by the cluster, without SQL");
            }
            assertEquals(trials, harness.shop.executions.get());
            System.out.printf("RedisClusterEngineTest: %d keys x %d threads, keys per master %s%n", trials, threads,
                    cluster.keyCounts());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aMasterKilledWithKillDashNineCostsSpeedNeverExactlyOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (OutcomeCounts outcomes = OutcomeCounts.capture()) {
            AtomicReference<FailOpenClaimStore> circuit = new AtomicReference<>();
            EngineHarness.Options options = EngineHarness.Options.DEFAULT.redisCluster(cluster.seeds())
                    .claims(store -> {
                        // The shipped breaker with a short window, so that the test does not wait five seconds.
                        circuit.set(new FailOpenClaimStore(store, 3, Duration.ofMillis(200), Duration.ofSeconds(30),
                                Clock.systemUTC()));
                        return circuit.get();
                    });
            EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS, Duration.ZERO,
                    options);
            CallRounds rounds = new CallRounds(harness, pool);
            try {
                List<String> before = CallRounds.keys("cluster", "before", 24);
                List<String> partial = CallRounds.keys("cluster", "partial", 12);
                List<String> down = CallRounds.keys("cluster", "down", 12);
                List<String> all = new ArrayList<>(before);
                all.addAll(partial);
                all.addAll(down);

                rounds.round(before);
                assertEquals(0, circuit.get().degradedCalls(), "the healthy cluster answered every call");

                // The master's slots are lost at once; the other masters go on serving theirs.
                rounds.round(concat(before, partial), () -> cluster.kill(0));
                // After the node timeout the other masters say the cluster is down, and refuse every key.
                cluster.awaitState("fail", 1, 2);
                rounds.round(all);
                assertTrue(circuit.get().degradedCalls() > 0, "the calls went on without the cluster");
                assertTrue(outcomes.get("replayed/database") > 0,
                        "duplicates the cluster could not answer were answered by the database: " + outcomes.counts);
                assertTrue(rounds.slowestCall().compareTo(QUICK) < 0, "every call answered quickly; the slowest took "
                        + rounds.slowestCall());

                cluster.restart(0);
                List<String> hashes = all.stream().map(key -> new RecordKey(ACTION, "", key).hash()).toList();
                CallRounds.awaitClaimStoreAnswers(circuit.get(), hashes);
                long degradedBefore = circuit.get().degradedCalls();
                rounds.round(all);
                assertEquals(degradedBefore, circuit.get().degradedCalls(), "the restarted cluster answers again");

                for (String key : all) {
                    assertEquals(1, harness.orderRows(key), "business rows for " + key);
                    assertEquals(1, rounds.results(key).size(), () -> "distinct results for " + key + ": "
                            + rounds.results(key));
                }
                assertEquals(all.size(), harness.orderRows());
                assertEquals(all.size(), harness.shop.executions.get(), "the method body ran once per key");
                System.out.printf("RedisClusterEngineTest kill -9: %d calls, %d in progress, %d degraded,"
                        + " slowest %d ms, outcomes %s%n", rounds.calls(), rounds.inProgress(),
                        circuit.get().degradedCalls(), rounds.slowestCall().toMillis(), outcomes.counts);
            } finally {
                if (!cluster.isAlive(0)) {
                    cluster.restart(0); // so that closing the harness can delete its keys
                }
                harness.close();
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }
}
