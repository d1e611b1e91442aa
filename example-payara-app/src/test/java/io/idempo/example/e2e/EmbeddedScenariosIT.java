package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.server.PayaraMicroServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Configuration A: the embedded defaults (H2 in memory inside the server, the in-JVM claim store) with the demo
 * faults on. The whole contract ({@link IdempotencyScenarios}); database counts come from the reconciliation
 * endpoint, since the H2 lives inside the server.
 */
class EmbeddedScenariosIT extends IdempotencyScenarios {

    @RegisterExtension
    static final PayaraMicroServer server = ExampleApp.onPayara().withEnv(ExampleApp.DEMO_FAULTS, "true");

    @Override
    PayaraMicroServer server() {
        return server;
    }

    @Test
    void runsOnTheEmbeddedH2WithInJvmClaims() {
        String startup = String.join("\n", server.logLines("idempo example: database"));
        assertTrue(startup.contains("database H2 2.2.224"), startup);
        assertTrue(startup.contains("claim store in-JVM (REDIS_URL not set); demo faults ON"), startup);
        assertTrue(String.join("\n", server.logLines("idempo started")).contains("claim store in-JVM"));
    }
}
