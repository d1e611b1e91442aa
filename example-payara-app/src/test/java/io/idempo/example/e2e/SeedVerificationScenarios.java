package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.PayaraMicroServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The four verification tests of the design articles ({@code seeds/000}, section 怎么验证, and {@code seeds/001},
 * section 七), over HTTP against one server configuration, which a subclass boots once
 * ({@code @RegisterExtension static PayaraMicroServer}) and returns from {@link #server()}:
 * <ol>
 *   <li>the same request twice with one key: the same order, one row;</li>
 *   <li>100 concurrent requests with one key, released together: exactly one order (in the database and in the
 *       reconciliation report), every answer the first call's 201 or a 409 "in progress", never a 500;</li>
 *   <li>the same key with other parameters: 422, no new order;</li>
 *   <li>a failure after the business write: everything rolled back, and the retry with the same key succeeds.</li>
 * </ol>
 * After the class (after each database, for a class on each), the reconciliation report must show no mismatch. The
 * server needs {@code ExampleApp.DEMO_FAULTS} on.
 *
 * <p>Database counts go through JDBC where the database is reachable from the test (PostgreSQL, MariaDB); the
 * embedded H2 lives inside the server, so there the reconciliation endpoint is the database view. Each test uses
 * a product id of its own, so that row counts per product are exact whatever the other tests did.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SeedVerificationScenarios {

    static final String ORDERS = "/api/orders";
    static final long AMOUNT = 19900;
    static final String REPLAYED = "Idempotent-Replayed";
    static final String IN_PROGRESS = "IDEMPOTENCY_REQUEST_IN_PROGRESS";

    /** The server of this configuration, booted once for the class. */
    abstract PayaraMicroServer server();

    ApiClient alice() {
        return server().client("alice");
    }

    ApiClient bob() {
        return server().client("bob");
    }

    // --- 测试一: the same request twice with one key ---------------------------------------------------------

    @Test
    void theSameRequestTwiceWithOneKeyGivesTheSameOrderAndOneRow() throws SQLException {
        long product = newProductId();
        String key = ApiClient.newKey();
        String body = order(product, AMOUNT);
        Counts before = counts();

        ApiResponse first = alice().post(ORDERS, body, key);
        ApiResponse second = alice().post(ORDERS, body, key);

        assertEquals(201, first.status(), first.toString());
        assertFalse(first.header(REPLAYED).isPresent(), "the first answer is no replay: " + first);
        assertEquals(201, second.status(), second.toString());
        assertEquals("true", second.header(REPLAYED).orElse(null), second.toString());
        assertArrayEquals(first.bodyBytes(), second.bodyBytes(), "replayed body bytes: " + second);
        assertTrue(first.header("Location").isPresent(), first.toString());
        assertEquals(first.header("Location"), second.header("Location"));
        long id = first.json().get("id").asLong();
        assertEquals(id, second.json().get("id").asLong());

        Counts after = counts();
        assertEquals(before.orders() + 1, after.orders(), "one order more: " + after);
        assertEquals(before.completedRecords() + 1, after.completedRecords(), "one record more: " + after);
        assertOrderRows(product, 1);
        assertRecordRows(key, 1);
        ApiResponse read = alice().get(ORDERS + "/" + id);
        assertEquals(200, read.status(), read.toString());
        assertEquals(id, read.json().get("id").asLong());
    }

    // --- 测试二: 100 concurrent requests with one key --------------------------------------------------------

    @Test
    void aHundredConcurrentRequestsWithOneKeyCreateExactlyOneOrder() throws Exception {
        int requests = 100;
        long product = newProductId();
        String key = ApiClient.newKey();
        String body = order(product, AMOUNT);
        Counts before = counts();
        // The first call to get through holds the key 300 ms, so that the others surely meet it in progress
        // (the header does not take part in the fingerprint: every request is the same request).
        ApiClient client = alice().header("X-Demo-Delay-Ms", "300");

        List<ApiResponse> answers = concurrently(requests, i -> client.post(ORDERS, body, key));

        List<ApiResponse> created = new ArrayList<>();
        int inProgress = 0;
        for (ApiResponse answer : answers) {
            if (answer.status() == 201) {
                created.add(answer);
            } else if (answer.status() == 409) {
                assertEquals(IN_PROGRESS, answer.problemCode(), answer.toString());
                String retryAfter = answer.header("Retry-After").orElse("");
                assertTrue(retryAfter.matches("[1-9][0-9]*"), "Retry-After in seconds: " + answer);
                inProgress++;
            } else {
                fail("Only 201 (the first call or its replay) or 409 (in progress) may answer: " + answer);
            }
        }
        assertEquals(requests, created.size() + inProgress);
        System.out.printf("[e2e] %s: %d same-key requests: %d x 201 (one first call, the rest replays), %d x 409%n",
                getClass().getSimpleName(), requests, created.size(), inProgress);
        assertEquals(1, created.stream().filter(answer -> answer.header(REPLAYED).isEmpty()).count(),
                "exactly one call ran: " + created.size() + " created, " + inProgress + " in progress");
        byte[] firstBody = created.get(0).bodyBytes();
        for (ApiResponse answer : created) {
            assertArrayEquals(firstBody, answer.bodyBytes(), "every 201 is the same order: " + answer);
        }

        Counts after = counts();
        assertEquals(before.orders() + 1, after.orders(), "exactly one order: " + after);
        assertEquals(before.completedRecords() + 1, after.completedRecords(), after.toString());
        assertTrue(after.mismatches().isEmpty(), after.toString());
        assertOrderRows(product, 1);
        assertRecordRows(key, 1);

        // The client that was told "in progress" retries afterwards and gets the order.
        ApiResponse retried = alice().post(ORDERS, body, key);
        assertEquals(201, retried.status(), retried.toString());
        assertEquals("true", retried.header(REPLAYED).orElse(null), retried.toString());
        assertArrayEquals(firstBody, retried.bodyBytes());
        assertEquals(before.orders() + 1, counts().orders());
    }

    // --- 测试三: the same key with other parameters ---------------------------------------------------------

    @Test
    void theSameKeyWithAnotherBodyIsRefusedWith422AndCreatesNothing() throws SQLException {
        long product = newProductId();
        long otherProduct = newProductId();
        String key = ApiClient.newKey();
        ApiResponse first = alice().post(ORDERS, order(product, AMOUNT), key);
        assertEquals(201, first.status(), first.toString());
        Counts before = counts();

        ApiResponse reused = alice().post(ORDERS, order(otherProduct, 29900), key);

        assertEquals(422, reused.status(), reused.toString());
        assertTrue(reused.contentType().startsWith("application/problem+json"), reused.toString());
        assertEquals("IDEMPOTENCY_KEY_REUSED", reused.problemCode(), reused.toString());
        JsonNode differing = reused.json().get("differingFields");
        assertTrue(differing != null && differing.isArray(), "differingFields: " + reused);
        assertTrue(differing.toString().contains("\"request\""), "names the differing parameter: " + reused);
        assertFalse(reused.body().contains("29900") || reused.body().contains(Long.toString(otherProduct)),
                "names fields, never values: " + reused);
        assertFalse(reused.json().has("id"), "not the first order: " + reused);
        assertFalse(reused.header(REPLAYED).isPresent());

        Counts after = counts();
        assertEquals(before.orders(), after.orders(), "no new order: " + after);
        assertEquals(before.completedRecords(), after.completedRecords());
        assertOrderRows(otherProduct, 0);
        assertOrderRows(product, 1);
        assertRecordRows(key, 1);

        ApiResponse original = alice().post(ORDERS, order(product, AMOUNT), key);
        assertEquals(201, original.status(), original.toString());
        assertArrayEquals(first.bodyBytes(), original.bodyBytes(), "the first request still replays");
    }

    // --- 测试四: a failure in the middle of the business method -----------------------------------------------

    @Test
    void aFailureAfterTheWriteRollsBackEverythingAndTheRetrySucceeds() throws SQLException {
        long product = newProductId();
        String key = ApiClient.newKey();
        String body = order(product, AMOUNT);
        Counts before = counts();
        OptionalLong redisBefore = redisKeyCount();

        ApiResponse failed = alice().header("X-Demo-Fail", "after-write").post(ORDERS, body, key);

        assertEquals(500, failed.status(), failed.toString());
        assertTrue(failed.json().get("type").asText().endsWith("/demo-failure"), failed.toString());
        Counts afterFailure = counts();
        assertEquals(before.orders(), afterFailure.orders(), "the order rolled back: " + afterFailure);
        assertEquals(before.completedRecords(), afterFailure.completedRecords(), "no record: " + afterFailure);
        assertOrderRows(product, 0);
        assertRecordRows(key, 0);
        assertEquals("UNKNOWN", alice().get("/api/idempotency/" + key).json().get("state").asText(),
                "the key is free again");
        if (redisBefore.isPresent()) {
            assertEquals(redisBefore, redisKeyCount(), "the Redis claim was released");
        }

        ApiResponse retried = alice().post(ORDERS, body, key);
        assertEquals(201, retried.status(), retried.toString());
        assertFalse(retried.header(REPLAYED).isPresent(), "the retry ran for real: " + retried);
        ApiResponse replayed = alice().post(ORDERS, body, key);
        assertEquals(201, replayed.status(), replayed.toString());
        assertArrayEquals(retried.bodyBytes(), replayed.bodyBytes());

        Counts after = counts();
        assertEquals(before.orders() + 1, after.orders(), "exactly one order: " + after);
        assertEquals(before.completedRecords() + 1, after.completedRecords());
        assertOrderRows(product, 1);
        assertRecordRows(key, 1);
    }

    // --- 对账 -------------------------------------------------------------------------------------------------

    @AfterAll
    void reconciliationFindsNoMismatchAtTheEnd() {
        Counts end = counts();
        assertTrue(end.mismatches().isEmpty(), "mismatches at the end of " + getClass().getSimpleName() + ": " + end);
        assertEquals(end.payments(), end.channelCharges(), "one channel charge per payment: " + end);
    }

    // --- helpers ----------------------------------------------------------------------------------------------

    /** The counts of the reconciliation report ({@code GET /api/reconciliation}). */
    record Counts(long orders, long payments, long ledgerEntries, long completedRecords, long channelCharges,
                  JsonNode mismatches) {
    }

    Counts counts() {
        ApiResponse answer = bob().get("/api/reconciliation");
        assertEquals(200, answer.status(), answer.toString());
        JsonNode report = answer.json();
        return new Counts(report.get("orders").asLong(), report.get("payments").asLong(),
                report.get("ledgerEntries").asLong(), report.get("completedRecords").asLong(),
                report.get("channelCharges").asLong(), report.get("mismatches"));
    }

    static String order(long productId, long amount) {
        return "{\"productId\":" + productId + ",\"quantity\":2,\"amount\":" + amount + "}";
    }

    /** A product id no other test uses. */
    static long newProductId() {
        return ThreadLocalRandom.current().nextLong(1_000_000L, 1_000_000_000_000L);
    }

    /**
     * How many claim-store keys the server has in Redis, where the test can count them: under the server's own prefix
     * in the shared Redis ({@code withSharedRedis()}); empty otherwise. A subclass with a Redis of its own counts
     * there.
     */
    OptionalLong redisKeyCount() {
        return server().tracksRedisKeys() ? OptionalLong.of(server().redisKeyCount()) : OptionalLong.empty();
    }

    /** Whether the database can be read directly (not the embedded H2 inside the server). */
    boolean databaseReachable() {
        return server().hasDatabase();
    }

    /** With a reachable database: exactly {@code expected} rows of {@code product} in shop_orders. */
    void assertOrderRows(long product, long expected) throws SQLException {
        if (databaseReachable()) {
            assertEquals(expected, count("SELECT COUNT(*) FROM shop_orders WHERE product_id = ?", product),
                    "shop_orders rows of product " + product);
        }
    }

    /** With a reachable database: exactly {@code expected} record rows (any state) for the client key. */
    void assertRecordRows(String clientKey, long expected) throws SQLException {
        if (databaseReachable()) {
            assertEquals(expected, count("SELECT COUNT(*) FROM idempo_record WHERE client_key = ?", clientKey),
                    "idempo_record rows of key " + clientKey);
        }
    }

    /** One of several concurrent calls. */
    interface Call {
        ApiResponse send(int index) throws Exception;
    }

    /** Runs {@code count} calls released together and returns their answers. */
    static List<ApiResponse> concurrently(int count, Call call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            CountDownLatch ready = new CountDownLatch(count);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<ApiResponse>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int index = i;
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    go.await();
                    return call.send(index);
                }));
            }
            assertTrue(ready.await(30, TimeUnit.SECONDS));
            go.countDown();
            List<ApiResponse> answers = new ArrayList<>();
            for (Future<ApiResponse> future : futures) {
                answers.add(future.get(120, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    long count(String sql, Object... parameters) throws SQLException {
        try (Connection connection = server().database().connect();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }
}
