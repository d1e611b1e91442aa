package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.WildFlyServer;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The same WAR that runs on Payara Micro, unchanged, on WildFly 39 ({@link WildFlyServer}): PostgreSQL through
 * DB_URL, the Redis claim store through REDIS_URL, Jakarta Security Basic auth with the app's identity store,
 * Hibernate as the JPA provider. One boot for the class; the reconciliation runs last and sees every write.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WildFlyIT {

    static final String ORDER = "{\"productId\":1001,\"quantity\":2,\"amount\":19900}";

    @RegisterExtension
    static final WildFlyServer server = ExampleApp.onWildFly(TestDatabase.postgresql()).withSharedRedis();

    @Test
    void runsOnWildFlyWithPostgresqlAtReadCommittedAndRedis() throws SQLException {
        assertFalse(server.logLines("WFLYSRV0025: WildFly 39.").isEmpty(), "not WildFly 39");
        assertFalse(server.logLines("WFLYSRV0010: Deployed \"ROOT.war\"").isEmpty(), "the WAR is not deployed");
        String startup = String.join("\n", server.logLines("idempo example: database"));
        assertTrue(startup.contains("database PostgreSQL"), startup);
        assertTrue(startup.contains("(from DB_URL, dialect POSTGRESQL, isolation READ_COMMITTED)"), startup);
        assertTrue(startup.contains("claim store Redis at redis://127.0.0.1:6379 (REDIS_URL)"), startup);
        String engine = String.join("\n", server.logLines("idempo started"));
        assertTrue(engine.contains("claim store redis redis://127.0.0.1:6379, record store POSTGRESQL"), engine);
        // JSON-B stays the JSON provider, whatever jar might carry Jackson annotations (web.xml's context-param).
        assertTrue(server.logLines("WFLYRS0018").isEmpty(), "RESTEasy switched to Jackson");
        assertEquals(SchemaAssertions.TABLES, SchemaAssertions.tables(server.database()));
    }

    @Test
    void anOrderIsCreatedOnceAndItsDuplicateReplaysIt() throws SQLException {
        ApiClient alice = server.client("alice");
        String key = ApiClient.newKey();
        long alicesOrders = count("SELECT COUNT(*) FROM shop_orders WHERE created_by = ?", "alice");
        ApiResponse created = alice.post("/api/orders", ORDER, key);
        assertEquals(201, created.status(), created.toString());
        assertTrue(created.header("Idempotent-Replayed").isEmpty(), created.toString());
        long id = created.json().get("id").asLong();
        assertEquals(server.baseUri().resolve("/api/orders/" + id).toString(), created.header("Location").orElse(""),
                created.toString());
        assertEquals("PENDING", created.json().get("status").asText());
        // JSON-B's ISO-8601 instant, as on Payara (Jackson would write a number).
        Instant.parse(created.json().get("createdAt").asText());

        ApiResponse replayed = alice.post("/api/orders", ORDER, key);
        assertEquals(201, replayed.status(), replayed.toString());
        assertEquals(created.body(), replayed.body());
        assertEquals(created.header("Location"), replayed.header("Location"));
        assertEquals("true", replayed.header("Idempotent-Replayed").orElse(null), replayed.toString());
        assertEquals(alicesOrders + 1, count("SELECT COUNT(*) FROM shop_orders WHERE created_by = ?", "alice"));

        ApiResponse read = alice.get("/api/orders/" + id);
        assertEquals(200, read.status(), read.toString());
        ApiResponse state = alice.get("/api/idempotency/" + key);
        assertEquals(200, state.status(), state.toString());
        assertEquals("COMPLETED", state.json().get("state").asText(), state.toString());
        // The key is alice's: bob's identical request is another order.
        ApiResponse bobs = server.client("bob").post("/api/orders", ORDER, key);
        assertEquals(201, bobs.status(), bobs.toString());
        assertTrue(bobs.header("Idempotent-Replayed").isEmpty(), bobs.toString());
        assertTrue(bobs.json().get("id").asLong() != id, bobs.toString());
    }

    @Test
    void theSameKeyWithAnotherBodyIs422() {
        ApiClient alice = server.client("alice");
        String key = ApiClient.newKey();
        assertEquals(201, alice.post("/api/orders", ORDER, key).status());
        ApiResponse reused = alice.post("/api/orders", "{\"productId\":1001,\"quantity\":3,\"amount\":29850}", key);
        assertEquals(422, reused.status(), reused.toString());
        assertEquals("application/problem+json", reused.contentType());
        assertEquals("IDEMPOTENCY_KEY_REUSED", reused.json().get("code").asText(), reused.toString());
    }

    @Test
    void aWriteWithoutKeyOrWithAMalformedBodyIs400() {
        ApiClient alice = server.client("alice");
        ApiResponse missing = alice.post("/api/orders", ORDER);
        assertEquals(400, missing.status(), missing.toString());
        assertEquals("application/problem+json", missing.contentType());
        assertEquals("IDEMPOTENCY_KEY_MISSING", missing.json().get("code").asText(), missing.toString());

        ApiResponse malformed = alice.post("/api/orders", "{\"productId\":", ApiClient.newKey());
        assertEquals(400, malformed.status(), malformed.toString());
        assertEquals("application/problem+json", malformed.contentType(), malformed.toString());
    }

    /**
     * The adapter's strict bodies ({@code idempo.body.strict}, on in the example) on RESTEasy: its reader is chosen
     * over the server's JSON-B, its refusals pass the app's exception mappers, and an empty body still reaches the
     * app's own answer. Nothing is stored for any of them.
     */
    @Test
    void bodiesAreBoundStrictlyAndBoundedAndNothingIsStored() throws SQLException {
        ApiClient alice = server.client("alice");
        long alicesOrders = count("SELECT COUNT(*) FROM shop_orders WHERE created_by = ?", "alice");
        for (String body : List.of("{\"productId\":1001,\"quantity\":1.5,\"amount\":19900}", ORDER + ORDER,
                "{\"productId\":1001,\"productId\":1002,\"quantity\":2,\"amount\":19900}", "[" + ORDER + "]")) {
            ApiResponse refused = alice.post("/api/orders", body, ApiClient.newKey());
            assertEquals(400, refused.status(), refused.toString());
            assertEquals("IDEMPOTENCY_MALFORMED_BODY", refused.problemCode(), refused.toString());
        }
        byte[] tooLarge = (ORDER + " ".repeat(1_048_577 - ORDER.length())).getBytes(StandardCharsets.US_ASCII);
        for (HttpRequest.BodyPublisher body : List.of(HttpRequest.BodyPublishers.ofByteArray(tooLarge),
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(tooLarge)))) {
            ApiResponse refused = alice.post("/api/orders", body, "application/json", ApiClient.newKey());
            assertEquals(413, refused.status(), refused.toString());
            assertEquals("IDEMPOTENCY_BODY_TOO_LARGE", refused.problemCode(), refused.toString());
        }
        ApiResponse empty = alice.post("/api/orders", HttpRequest.BodyPublishers.noBody(), "application/json",
                ApiClient.newKey());
        assertEquals(400, empty.status(), empty.toString());
        assertTrue(empty.json().get("type").asText().endsWith("/example/invalid-request"), empty.toString());
        assertEquals(alicesOrders, count("SELECT COUNT(*) FROM shop_orders WHERE created_by = ?", "alice"));
    }

    @Test
    void requestsWithoutOrWithWrongCredentialsAre401() {
        ApiResponse anonymous = server.anonymous().post("/api/orders", ORDER, ApiClient.newKey());
        assertEquals(401, anonymous.status(), anonymous.toString());
        assertEquals("Basic realm=\"idempo-example\"", anonymous.header("WWW-Authenticate").orElse(""));
        assertEquals(401, server.client("alice", "bob").post("/api/orders", ORDER, ApiClient.newKey()).status());
        assertEquals(401, server.anonymous().get("/api/reconciliation").status());
    }

    @Test
    void aPaymentIsTakenOnce() throws SQLException {
        ApiClient alice = server.client("alice");
        long orderId = alice.post("/api/orders", ORDER, ApiClient.newKey()).json().get("id").asLong();
        String key = ApiClient.newKey();
        ApiResponse paid = alice.post("/api/orders/" + orderId + "/payments", "{\"amount\":19900}", key);
        assertEquals(200, paid.status(), paid.toString());
        assertEquals("PAID", paid.json().get("status").asText());
        ApiResponse replayed = alice.post("/api/orders/" + orderId + "/payments", "{\"amount\":19900}", key);
        assertEquals(paid.body(), replayed.body());
        assertEquals("true", replayed.header("Idempotent-Replayed").orElse(null), replayed.toString());
        assertEquals(1, count("SELECT COUNT(*) FROM shop_payments WHERE order_id = ?", orderId));
        assertEquals("PAID", server.client("alice").get("/api/orders/" + orderId).json().get("status").asText());
    }

    @Test
    void aRepeatedCallbackIsBookedOnce() throws SQLException {
        long orderId = server.client("bob").post("/api/orders", ORDER, ApiClient.newKey()).json().get("id").asLong();
        String channelTxnId = "ch_wildfly_" + UUID.randomUUID().toString().substring(0, 8);
        String callback = "{\"channelTxnId\":\"" + channelTxnId + "\",\"orderId\":" + orderId
                + ",\"amount\":19900,\"status\":\"SUCCESS\"}";
        ApiResponse first = server.client("alice").post("/api/payment-callbacks", callback);
        assertEquals(200, first.status(), first.toString());
        // The provider repeats it; whoever delivers it, the key is the provider's channelTxnId:status.
        ApiResponse again = server.client("bob").post("/api/payment-callbacks", callback);
        ApiResponse third = server.client("alice").post("/api/payment-callbacks", callback);
        for (ApiResponse repeat : new ApiResponse[] {again, third}) {
            assertEquals(200, repeat.status(), repeat.toString());
            assertEquals(first.body(), repeat.body());
            assertEquals("true", repeat.header("Idempotent-Replayed").orElse(null), repeat.toString());
        }
        assertEquals(1, count("SELECT COUNT(*) FROM shop_ledger_entries WHERE channel_txn_id = ?", channelTxnId));
    }

    /**
     * The app's OpenTelemetry SDK and the adapter's admin surface on WildFly's class loading and Jakarta Security: the
     * metrics count this test's traffic exactly, and only admin reaches the surface. (DatabaseAndRedisIT covers them
     * fully on Payara, see OperationsScenarios.)
     */
    @Test
    void metricsCountTheTrafficAndTheAdminSurfaceIsForTheAdministratorOnly() throws InterruptedException {
        assertTrue(String.join("\n", server.logLines("idempo started"))
                .contains("metrics OpenTelemetry (the application's OpenTelemetry bean), admin on"));
        Map<String, String> replays = Map.of("idempotency_action", "orders.create", "idempotency_outcome", "replayed");
        Map<String, String> firsts = Map.of("idempotency_action", "orders.create", "idempotency_outcome", "first");
        PrometheusText before = PrometheusText.parse(server.anonymous().get("/metrics").body());
        String key = ApiClient.newKey();
        ApiClient alice = server.client("alice");
        assertEquals(201, alice.header("X-Request-Id", "wildfly-" + key).post("/api/orders", ORDER, key).status());
        assertEquals(201, alice.post("/api/orders", ORDER, key).status());
        assertEquals(201, alice.post("/api/orders", ORDER, key).status());
        ApiResponse scraped = server.anonymous().get("/metrics");
        assertEquals(200, scraped.status(), scraped.toString());
        PrometheusText after = PrometheusText.parse(scraped.body());
        assertEquals(1.0, after.value("idempotency_requests_total", firsts)
                - before.value("idempotency_requests_total", firsts));
        assertEquals(2.0, after.value("idempotency_requests_total", replays)
                - before.value("idempotency_requests_total", replays));
        server.awaitLogLines("key=" + key + " request=wildfly-" + key + " outcome=first", 1, Duration.ofSeconds(5));

        assertEquals(401, server.anonymous().get("/api/idempotency-admin/records/stuck").status());
        ApiResponse refused = server.client("bob").get("/api/idempotency-admin/records/stuck");
        assertEquals(403, refused.status(), refused.toString());
        assertEquals(refused.header("X-Request-Id").orElseThrow(), refused.json().get("requestId").asText());
        ApiResponse found = server.client("admin").get("/api/idempotency-admin/records/orders.create/" + key
                + "?scope=alice");
        assertEquals(200, found.status(), found.toString());
        assertEquals("COMPLETED", found.json().get("state").asText(), found.toString());
        server.awaitLogLines("idempo-audit operation=look-up operator=admin request="
                + found.header("X-Request-Id").orElseThrow() + " action=orders.create scope=alice", 1,
                Duration.ofSeconds(5));
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void reconciliationFindsNoMismatchAfterEverything() {
        ApiResponse answer = server.client("bob").get("/api/reconciliation");
        assertEquals(200, answer.status(), answer.toString());
        JsonNode report = answer.json();
        assertTrue(report.get("mismatches").isArray() && report.get("mismatches").isEmpty(), report.toString());
        assertTrue(report.get("orders").asInt() >= 5, report.toString());
        assertTrue(report.get("payments").asInt() >= 1, report.toString());
        assertTrue(report.get("ledgerEntries").asInt() >= 1, report.toString());
        assertTrue(report.get("channelCharges").asInt() >= 1, report.toString());
        // Every order, payment and ledger entry was written by a completed idempotent call.
        assertEquals(report.get("orders").asInt() + report.get("payments").asInt()
                + report.get("ledgerEntries").asInt(), report.get("completedRecords").asInt(), report.toString());
    }

    private static long count(String sql, Object parameter) throws SQLException {
        try (Connection connection = server.database().connect();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setObject(1, parameter);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }
}
