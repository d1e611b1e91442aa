package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.example.orders.OrderRequest;
import io.idempo.example.orders.OrderService;
import io.idempo.plan.Fingerprint;
import io.idempo.plan.MethodPlan;
import io.idempo.plan.MethodPlans;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.record.JdbcSqlExecutor;
import io.idempo.runtime.record.NewRecord;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.http.RawHttp;
import io.idempo.testing.server.ChildProcessServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What an operator relies on, over HTTP against one server configuration that has the demo faults, a database the
 * test reaches over JDBC and the local Redis ({@link DatabaseAndRedisIT}, on PostgreSQL and on MariaDB):
 * <ul>
 *   <li>{@code X-Request-Id} taken, made or replaced, on every answer, in the outcome line and in problem
 *       documents;</li>
 *   <li>{@code GET /metrics} counting first calls, replays, reused keys and in-progress answers exactly as sent;</li>
 *   <li>the admin surface: 401 for anonymous callers, 403 for alice and bob, an audit line for every call;</li>
 *   <li>an invalidated record lets its key run again (Redis forgets the old outcome), and a stuck record that
 *       answers "in progress" is listed and removed.</li>
 * </ul>
 * JUnit runs these tests in each class that implements this interface.
 */
interface OperationsScenarios {

    /** The server of this configuration, booted once for the class. */
    ChildProcessServer<?> server();

    @Test
    default void theMetricsCountFirstCallsReplaysReusedKeysAndInProgressAnswersExactly() throws Exception {
        ApiClient alice = server().client("alice");
        String body = order(newProductId());
        List<String> keys = List.of(ApiClient.newKey(), ApiClient.newKey(), ApiClient.newKey());
        PrometheusText before = scrape();

        for (String key : keys) {
            assertStatus(201, alice.post(orders(), body, key));
        }
        for (int i = 0; i < 2; i++) {
            for (String key : keys.subList(0, 2)) {
                ApiResponse replayed = alice.post(orders(), body, key);
                assertStatus(201, replayed);
                assertEquals("true", replayed.header("Idempotent-Replayed").orElse(null), replayed.toString());
            }
            assertStatus(422, alice.post(orders(), order(newProductId()), keys.get(2)));
        }
        String slowKey = ApiClient.newKey();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<ApiResponse> slow = pool.submit(
                    () -> alice.header("X-Demo-Delay-Ms", "3000").post(orders(), body, slowKey));
            IdempotencyScenarios.awaitState(alice, slowKey, "IN_PROGRESS", Duration.ofSeconds(10));
            assertStatus(409, alice.post(orders(), body, slowKey));
            assertStatus(409, alice.post(orders(), body, slowKey));
            assertStatus(201, slow.get(30, TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
        PrometheusText after = scrape();

        Map<String, Long> sent = Map.of("first", 4L, "replayed", 4L, "key_reused", 2L, "in_progress", 2L);
        for (String outcome : List.of("first", "replayed", "in_progress", "key_reused", "failed", "stored_failure",
                "busy")) {
            Map<String, String> labels = Map.of("idempotency_action", OrderService.ACTION, "idempotency_outcome",
                    outcome);
            long expected = sent.getOrDefault(outcome, 0L);
            assertEquals(expected, delta(before, after, "idempotency_requests_total", labels), outcome);
            assertEquals(expected, delta(before, after, "idempotency_duration_seconds_count", labels),
                    outcome + ": one duration per call");
        }
        for (String store : List.of("claim", "record")) {
            assertEquals(0, delta(before, after, "idempotency_store_errors_total", Map.of("idempotency_store", store)),
                    store);
        }
        assertEquals(0.0, after.value("idempotency_claim_store_circuit", Map.of()), "the circuit is closed");
    }

    @Test
    default void everyAnswerNamesItsRequestIdAndSoDoTheOutcomeLineAndTheProblemDocuments() throws Exception {
        ApiClient alice = server().client("alice");
        String key = ApiClient.newKey();
        String body = order(newProductId());

        String given = "e2e-" + UUID.randomUUID();
        ApiResponse first = alice.header("X-Request-Id", given).post(orders(), body, key);
        assertStatus(201, first);
        assertEquals(given, requestId(first), "a valid id is echoed");
        ApiResponse replayed = alice.post(orders(), body, key);
        String made = requestId(replayed);
        assertEquals(made, UUID.fromString(made).toString(), "none sent: a UUID is made");
        awaitOutcomeLine(key, given, "first");
        awaitOutcomeLine(key, made, "replayed");

        List<ApiResponse> reusedKeys = new ArrayList<>();
        for (String invalid : List.of("two words", "x".repeat(129))) {
            reusedKeys.add(alice.header("X-Request-Id", invalid).post(orders(), order(newProductId()), key));
        }
        reusedKeys.add(alice.postRaw(orders(), order(newProductId()), List.of(RawHttp.Header.of("X-Request-Id", ""),
                RawHttp.Header.of("Idempotency-Key", key))));
        for (ApiResponse reused : reusedKeys) {
            assertStatus(422, reused);
            String replaced = requestId(reused);
            assertEquals(replaced, UUID.fromString(replaced).toString(), "an invalid id is replaced: " + reused);
            assertEquals(replaced, reused.json().get("requestId").asText(), reused.toString());
            awaitOutcomeLine(key, replaced, "key_reused");
        }
        assertEquals("x".repeat(128), requestId(alice.header("X-Request-Id", "x".repeat(128)).get("/api/orders/1")));

        List<ApiResponse> problems = List.of(
                alice.post(orders(), body),                                        // the engine: key missing, 400
                alice.header("Idempotency-Key", "short").post(orders(), body),     // the key filter: invalid, 400
                alice.get("/api/orders/987654321"),                                // the example's own: 404
                alice.get("/api/idempotency-admin/records/stuck"));                // the admin surface: 403
        for (ApiResponse problem : problems) {
            assertTrue(problem.contentType().startsWith("application/problem+json"), problem.toString());
            assertEquals(requestId(problem), problem.json().get("requestId").asText(), problem.toString());
        }
        ApiResponse metrics = server().anonymous().get("/metrics");
        assertStatus(200, metrics);
        assertTrue(metrics.header("X-Request-Id").isPresent(), "a servlet outside JAX-RS too: " + metrics);
    }

    @Test
    default void theAdminSurfaceRefusesAnonymousCallersAliceAndBobAndAuditsEveryCall() throws Exception {
        ApiClient alice = server().client("alice");
        String key = ApiClient.newKey();
        String body = order(newProductId());
        assertStatus(201, alice.post(orders(), body, key));
        String record = record(key, "alice");
        List<String> reads = List.of(admin() + "/records/stuck", record);

        for (String path : reads) {
            ApiResponse anonymous = server().anonymous().get(path);
            assertStatus(401, anonymous);
            assertEquals("Basic realm=\"idempo-example\"", anonymous.header("WWW-Authenticate").orElse(""));
        }
        assertStatus(401, server().anonymous().send("DELETE", record, null, null));
        for (String user : List.of("alice", "bob")) {
            ApiClient caller = server().client(user);
            List<ApiResponse> refused = new ArrayList<>();
            reads.forEach(path -> refused.add(caller.get(path)));
            refused.add(caller.send("DELETE", record, null, null));
            refused.add(caller.send("POST", admin() + "/purge", null, null));
            for (ApiResponse answer : refused) {
                assertStatus(403, answer);
                assertEquals("IDEMPOTENCY_ADMIN_FORBIDDEN", answer.problemCode(), answer.toString());
                String line = auditLine(answer);
                assertTrue(line.contains(" operator=" + user + " ")
                        && line.endsWith(" result=refused (not in role idempo-admin)"), line);
            }
        }

        ApiClient admin = server().client("admin");
        ApiResponse found = admin.get(record);
        assertStatus(200, found);
        assertEquals("COMPLETED", found.json().get("state").asText(), found.toString());
        assertEquals(new RecordKey(OrderService.ACTION, "alice", key).hash(), found.json().get("keyHash").asText());
        assertTrue(auditLine(found).endsWith(" action=orders.create scope=alice key=" + key + " keyHash="
                + found.json().get("keyHash").asText() + " result=completed"), auditLine(found));
        assertEquals("true", alice.post(orders(), body, key).header("Idempotent-Replayed").orElse(null),
                "refused calls changed nothing: the record still replays");
        ApiResponse purged = admin.send("POST", admin() + "/purge", null, null);
        assertStatus(200, purged);
        assertTrue(auditLine(purged).matches(".* operation=purge operator=admin request=\\S+ result=\\d+ expired"
                + " records deleted"), auditLine(purged));
        ApiResponse listed = admin.get(admin() + "/records/stuck");
        assertStatus(200, listed);
        assertTrue(auditLine(listed).contains(" operation=list-stuck operator=admin "), auditLine(listed));
        assertStatus(403, admin.get("/api/orders/1")); // the administrator places and reads no orders
    }

    /**
     * The record that went wrong: the order it answers with was removed outside idempo (a support agent deleted it),
     * so Redis and the record keep replaying an order that does not exist, and the reconciliation reports it. The
     * administrator invalidates the record, and the client's retry with the same key places the order again.
     */
    @Test
    default void anInvalidatedRecordLetsTheSameKeyRunAgainInsteadOfReplayingItsOldAnswer() throws Exception {
        ApiClient alice = server().client("alice");
        String key = ApiClient.newKey();
        long product = newProductId();
        String body = order(product);
        ApiResponse first = alice.post(orders(), body, key);
        assertStatus(201, first);
        long firstOrder = first.json().get("id").asLong();
        update("DELETE FROM shop_orders WHERE id = ?", firstOrder);
        assertEquals(firstOrder, alice.post(orders(), body, key).json().get("id").asLong(), "still replayed");
        assertTrue(mismatches().contains("shop_orders row " + firstOrder + ", which does not exist"), mismatches());

        ApiResponse invalidated = server().client("admin").send("DELETE", record(key, "alice"), null, null);
        assertStatus(200, invalidated);
        String keyHash = new RecordKey(OrderService.ACTION, "alice", key).hash();
        assertEquals("INVALIDATED", invalidated.json().get("result").asText(), invalidated.toString());
        assertEquals("forgotten", invalidated.json().get("claimStore").asText(), "Redis held the old outcome");
        assertEquals(keyHash, invalidated.json().get("keyHash").asText());
        assertTrue(auditLine(invalidated).endsWith(" operation=invalidate operator=admin request="
                + requestId(invalidated) + " action=orders.create scope=alice key=" + key + " keyHash=" + keyHash
                + " result=deleted claimStore=forgotten"), auditLine(invalidated));

        ApiResponse again = alice.post(orders(), body, key);
        assertStatus(201, again);
        assertFalse(again.header("Idempotent-Replayed").isPresent(), again.toString());
        long secondOrder = again.json().get("id").asLong();
        assertNotEquals(firstOrder, secondOrder);
        assertEquals(1, count("SELECT COUNT(*) FROM shop_orders WHERE product_id = ?", product));
        assertEquals(1, count("SELECT COUNT(*) FROM idempo_record WHERE key_hash = ? AND status = 'COMPLETED'",
                keyHash));
        assertEquals(secondOrder, alice.post(orders(), body, key).json().get("id").asLong(), "the new answer replays");
        assertFalse(mismatches().contains("row " + firstOrder + ","), mismatches());
    }

    /**
     * A record IN_PROGRESS that a transaction committed without completing it answers "in progress" to its key until
     * it expires (30 minutes for orders). The administrator finds it in the stuck list and removes it; the key runs.
     */
    @Test
    default void aStuckRecordIsListedAndRemovedAndItsKeyRuns() throws Exception {
        ApiClient alice = server().client("alice");
        String key = ApiClient.newKey();
        long product = newProductId();
        String body = order(product);
        NewRecord stuck = claimOfAFirstCall(key, new OrderRequest(product, 2, amount()));
        try (Connection connection = server().database().connect()) {
            connection.setAutoCommit(false);
            RecordStore.builder(SqlDialect.detect(connection)).build().claim(new JdbcSqlExecutor(connection), stuck);
            connection.commit();
        }
        Thread.sleep(10); // past its 1 ms lease
        ApiResponse blocked = alice.post(orders(), body, key);
        assertStatus(409, blocked);
        assertEquals("IDEMPOTENCY_REQUEST_IN_PROGRESS", blocked.problemCode());

        ApiClient admin = server().client("admin");
        assertStatus(200, admin.send("POST", admin() + "/purge", null, null));
        assertEquals(1.0, scrape().value("idempotency_records_stuck", Map.of()), "the purge counted it");
        JsonNode listed = admin.get(admin() + "/records/stuck").json();
        JsonNode ours = stuckRecord(listed, stuck.keyHash());
        assertTrue(ours != null && ours.get("stuck").asBoolean() && ours.get("key").asText().equals(key)
                && ours.get("scope").asText().equals("alice") && ours.get("state").asText().equals("IN_PROGRESS"),
                listed.toString());
        assertStatus(200, admin.send("DELETE", record(key, "alice"), null, null));

        ApiResponse runs = alice.post(orders(), body, key);
        assertStatus(201, runs);
        assertFalse(runs.header("Idempotent-Replayed").isPresent(), runs.toString());
        assertEquals(1, count("SELECT COUNT(*) FROM shop_orders WHERE product_id = ?", product));
        assertNull(stuckRecord(admin.get(admin() + "/records/stuck").json(), stuck.keyHash()));
        assertStatus(200, admin.send("POST", admin() + "/purge", null, null));
        assertEquals(0.0, scrape().value("idempotency_records_stuck", Map.of()));
    }

    // --- helpers ---------------------------------------------------------------------------------------------------

    private static String orders() {
        return "/api/orders";
    }

    private static String admin() {
        return "/api/idempotency-admin";
    }

    private static String record(String key, String scope) {
        return admin() + "/records/" + OrderService.ACTION + "/" + key + "?scope=" + scope;
    }

    private static String order(long productId) {
        return "{\"productId\":" + productId + ",\"quantity\":2,\"amount\":" + amount() + "}";
    }

    private static long amount() {
        return 19900;
    }

    private static long newProductId() {
        return ThreadLocalRandom.current().nextLong(1_000_000L, 1_000_000_000_000L);
    }

    private static void assertStatus(int expected, ApiResponse answer) {
        assertEquals(expected, answer.status(), answer.toString());
    }

    private static String requestId(ApiResponse answer) {
        List<String> ids = answer.headers("X-Request-Id");
        assertEquals(1, ids.size(), "one X-Request-Id on " + answer);
        return ids.get(0);
    }

    private PrometheusText scrape() {
        ApiResponse metrics = server().anonymous().get("/metrics");
        assertStatus(200, metrics);
        assertTrue(metrics.contentType().startsWith("text/plain; version=0.0.4"), metrics.contentType());
        return PrometheusText.parse(metrics.body());
    }

    private static long delta(PrometheusText before, PrometheusText after, String name, Map<String, String> labels) {
        return Math.round(after.value(name, labels) - before.value(name, labels));
    }

    private void awaitOutcomeLine(String key, String requestId, String outcome) throws InterruptedException {
        server().awaitLogLines("key=" + key + " request=" + requestId + " outcome=" + outcome + " ", 1,
                Duration.ofSeconds(5));
    }

    /** The one audit line of an admin call, found by the request id its answer carries. */
    private String auditLine(ApiResponse answer) throws InterruptedException {
        String marker = " request=" + requestId(answer) + " ";
        server().awaitLogLines(marker, 1, Duration.ofSeconds(5));
        List<String> lines = server().logLines(marker).stream().filter(line -> line.contains("idempo-audit ")).toList();
        assertEquals(1, lines.size(), "one audit line per admin call: " + lines);
        return lines.get(0);
    }

    private String mismatches() {
        return server().client("bob").get("/api/reconciliation").json().get("mismatches").toString();
    }

    private static JsonNode stuckRecord(JsonNode listed, String keyHash) {
        for (JsonNode record : listed.get("records")) {
            if (record.get("keyHash").asText().equals(keyHash)) {
                return record;
            }
        }
        return null;
    }

    /** The claim a first call of {@code key} by alice makes, with a lease of 1 ms. */
    private static NewRecord claimOfAFirstCall(String key, OrderRequest request) throws NoSuchMethodException {
        MethodPlan plan = MethodPlans.forMethod(OrderService.class.getMethod("place", String.class,
                OrderRequest.class));
        Fingerprint fingerprint = plan.fingerprint(new Object[] {"alice", request});
        return new NewRecord(new RecordKey(OrderService.ACTION, "alice", key).hash(), OrderService.ACTION, "alice",
                key, fingerprint.digest(), plan.fingerprintVersion(), fingerprint.fieldDigests(), Duration.ofMillis(1),
                Duration.ofMinutes(30));
    }

    private long count(String sql, Object parameter) throws SQLException {
        try (Connection connection = server().database().connect();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setObject(1, parameter);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    private void update(String sql, Object parameter) throws SQLException {
        try (Connection connection = server().database().connect();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setObject(1, parameter);
            assertEquals(1, statement.executeUpdate(), sql);
        }
    }
}
