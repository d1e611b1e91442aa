package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.redis.RedisCluster;
import io.idempo.testing.server.PayaraMicroServer;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Configuration C on a Redis Cluster: the same WAR on PostgreSQL with REDIS_URL listing the seed nodes of a cluster
 * of three masters of the test's own and REDIS_MODE=cluster, demo faults on. The whole contract
 * ({@link IdempotencyScenarios}); Redis keys are counted over the whole cluster, which holds only this server's.
 */
class RedisClusterIT extends IdempotencyScenarios {

    /** Up before the server starts (the lower order), gone after it stops. */
    @RegisterExtension
    @Order(1)
    static final RedisCluster cluster = RedisCluster.threeMasters();

    @RegisterExtension
    @Order(2)
    static final PayaraMicroServer server = ExampleApp.onPayara(TestDatabase.postgresql())
            .withUntrackedRedisUrl(String.join(",", cluster.seeds()))
            .withEnv("REDIS_MODE", "cluster")
            .withEnv(ExampleApp.DEMO_FAULTS, "true");

    @Override
    PayaraMicroServer server() {
        return server;
    }

    @Override
    OptionalLong redisKeyCount() {
        return OptionalLong.of(cluster.keyCount());
    }

    @Test
    void startsWithTheRedisClusterAsItsClaimStore() {
        String example = String.join("\n", server.logLines("idempo example: database"));
        assertTrue(example.contains("claim store Redis cluster at " + String.join(",", cluster.seeds())
                + " (REDIS_URL, REDIS_MODE)"), example);
        String adapter = String.join("\n", server.logLines("idempo started"));
        assertTrue(adapter.contains("claim store redis cluster (seeds " + String.join(", ", cluster.seeds()) + ")"),
                adapter);
    }

    /** After the scenarios (before the reconciliation check of the base class): the cluster served them. */
    @AfterAll
    void theClaimsWereSpreadOverEveryMasterAndServedThere() {
        List<Long> perMaster = cluster.keyCounts();
        assertTrue(perMaster.stream().allMatch(count -> count > 0), "keys on every master: " + perMaster);
        assertTrue(server.logLines("outcome=redis-degraded").isEmpty(), "the cluster answered every call: "
                + server.logLines("outcome=redis-degraded"));
        assertFalse(server.logLines("source=claim-store").isEmpty(), "duplicates were answered by the cluster");
    }
}
