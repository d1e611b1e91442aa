package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.PayaraMicroServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Smoke tests on the embedded defaults (H2 in memory, in-JVM claims, no variable set): what the README's command
 * starts. The idempotency contract itself is covered per configuration by {@link EmbeddedScenariosIT},
 * {@link MariadbIT}, {@link PostgresqlIT} and {@link RedisDownIT}, which need the demo faults on.
 */
class EmbeddedDefaultsIT {

    static final String ORDER = "{\"productId\":1001,\"quantity\":2,\"amount\":19900}";

    @RegisterExtension
    static final PayaraMicroServer server = ExampleApp.onPayaraWithDefaults();

    @Test
    void theLogSaysWhichStoresAreInUse() {
        String startup = String.join("\n", server.logLines("idempo example: database"));
        assertTrue(startup.contains("database H2 2.2.224"), startup);
        assertTrue(startup.contains("embedded default, dialect H2_POSTGRESQL_MODE, isolation READ_COMMITTED"), startup);
        assertTrue(startup.contains("claim store in-JVM (REDIS_URL not set); demo faults off"), startup);
        assertFalse(server.logLines("idempo example: not consuming payment callbacks").isEmpty(),
                "no broker is needed");
        assertFalse(server.logLines("idempo example: job expire-orders every PT1M").isEmpty(), "the job runs");
        String adapter = String.join("\n", server.logLines("idempo started"));
        assertTrue(adapter.contains("outbox table idempo_outbox, relay off (no Publisher bean: events stay pending)"),
                adapter);
    }

    @Test
    void anonymousAndWrongCredentialsAreRefusedWithABasicChallenge() {
        ApiResponse anonymous = server.anonymous().get("/api/orders/1");
        assertEquals(401, anonymous.status(), anonymous.toString());
        assertEquals("Basic realm=\"idempo-example\"", anonymous.header("WWW-Authenticate").orElse(""));

        assertEquals(401, server.client("alice", "bob").get("/api/orders/1").status());
        assertEquals(401, server.anonymous().post("/api/orders", ORDER, ApiClient.newKey()).status());
        assertEquals(401, server.anonymous().get("/api/reconciliation").status());
    }

    @Test
    void aMissingOrderIsAProblem404() {
        ApiResponse missing = server.client("bob").get("/api/orders/987654");
        assertEquals(404, missing.status(), missing.toString());
        assertEquals("application/problem+json", missing.contentType());
        JsonNode problem = missing.json();
        assertEquals(404, problem.get("status").asInt());
        assertTrue(problem.get("type").asText().endsWith("/order-not-found"), missing.toString());
    }

    @Test
    void invalidBodiesAreRefusedBeforeAnyWork() {
        ApiClient alice = server.client("alice");
        ApiResponse missingField = alice.post("/api/orders", "{\"productId\":1001,\"amount\":19900}", ApiClient.newKey());
        assertEquals(400, missingField.status(), missingField.toString());
        assertTrue(missingField.json().get("detail").asText().contains("quantity"), missingField.toString());

        ApiResponse malformed = alice.post("/api/orders", "{\"productId\":", ApiClient.newKey());
        assertEquals(400, malformed.status(), malformed.toString());
        assertEquals("application/problem+json", malformed.contentType());

        ApiResponse badStatus = alice.post("/api/payment-callbacks",
                "{\"channelTxnId\":\"ch_1\",\"orderId\":1,\"amount\":19900,\"status\":\"MAYBE\"}");
        assertEquals(400, badStatus.status(), badStatus.toString());
    }

    @Test
    void unknownPathsAreProblems() {
        ApiResponse unknown = server.client("alice").get("/api/no-such-thing");
        assertEquals(404, unknown.status(), unknown.toString());
        assertEquals("application/problem+json", unknown.contentType());
    }

    /** The adapter wires the engine at start: an order is created once and its duplicate replays it. */
    @Test
    void anOrderIsCreatedOnceAndItsDuplicateReplaysIt() {
        String key = ApiClient.newKey();
        ApiResponse created = server.client("alice").post("/api/orders", ORDER, key);
        assertEquals(201, created.status(), created.toString());
        ApiResponse replayed = server.client("alice").post("/api/orders", ORDER, key);
        assertEquals(201, replayed.status(), replayed.toString());
        assertEquals(created.body(), replayed.body());
        assertTrue(created.header("Location").isPresent(), created.toString());
        assertEquals(created.header("Location"), replayed.header("Location"));
        assertEquals("true", replayed.header("Idempotent-Replayed").orElse(null));
        assertTrue(server.log().contains("idempo started"), "the adapter logged its stores");
    }

    /** Without IDEMPO_DEMO_FAULTS=true the fault headers are ignored: the call succeeds at once. */
    @Test
    void demoFaultHeadersAreIgnoredWhenDemoFaultsAreOff() {
        long started = System.nanoTime();
        ApiResponse created = server.client("alice").header("X-Demo-Fail", "after-write")
                .header("X-Demo-Delay-Ms", "5000").post("/api/orders", ORDER, ApiClient.newKey());
        assertEquals(201, created.status(), created.toString());
        assertTrue(System.nanoTime() - started < 4_000_000_000L, "no delay");
    }

    @Test
    void reconciliationFindsNoMismatch() {
        ApiResponse answer = server.client("bob").get("/api/reconciliation");
        assertEquals(200, answer.status(), answer.toString());
        JsonNode report = answer.json();
        for (String field : new String[] {"orders", "payments", "ledgerEntries", "completedRecords", "channelCharges",
                "jobRuns"}) {
            assertTrue(report.get(field).asInt() >= 0, field + " in " + report);
        }
        assertTrue(report.get("mismatches").isArray() && report.get("mismatches").isEmpty(), report.toString());
    }

    @Test
    void theJobsRunsAreListedAndAWrongLimitIsA400() {
        ApiResponse runs = server.client("bob").get("/api/jobs/runs?limit=5");
        assertEquals(200, runs.status(), runs.toString());
        assertTrue(runs.json().isArray() && runs.json().size() <= 5, runs.toString());
        ApiResponse wrong = server.client("bob").get("/api/jobs/runs?limit=0");
        assertEquals(400, wrong.status(), wrong.toString());
        assertTrue(wrong.json().get("type").asText().endsWith("/invalid-request"), wrong.toString());
    }
}
