package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.server.PayaraMicroServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Configuration C': PostgreSQL with REDIS_URL pointing at a closed port (Redis down or misconfigured). The app still
 * starts (the Redis client connects lazily), every claim fails fast and the database record decides alone: the
 * seeds' four verification tests ({@link SeedVerificationScenarios}) hold all the same, exactly once, only slower.
 */
class RedisDownIT extends SeedVerificationScenarios {

    static final String NOWHERE = "redis://127.0.0.1:1";

    @RegisterExtension
    static final PayaraMicroServer server = ExampleApp.onPayara(TestDatabase.postgresql())
            .withUntrackedRedisUrl(NOWHERE)
            .withEnv(ExampleApp.DEMO_FAULTS, "true");

    @Override
    PayaraMicroServer server() {
        return server;
    }

    @Test
    void startsWithRedisUnreachable() {
        String startup = String.join("\n", server.logLines("idempo started"));
        assertTrue(startup.contains("claim store redis " + NOWHERE), startup);
        assertTrue(String.join("\n", server.logLines("idempo example: database")).contains("database PostgreSQL"));
    }

    /** After the scenarios (before the reconciliation check of the base class): they ran degraded, not on Redis. */
    @AfterAll
    void theCallsWentToTheDatabaseAlone() {
        assertFalse(server.logLines("outcome=redis-degraded").isEmpty(),
                "the fail-open claim store logged its degradation");
        assertTrue(server.logLines("source=claim-store").isEmpty(), "no outcome was decided by Redis: "
                + server.logLines("source=claim-store"));
    }
}
