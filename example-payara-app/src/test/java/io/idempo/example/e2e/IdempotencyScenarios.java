package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.http.RawHttp;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The whole HTTP contract of the example over one server configuration (with {@code ExampleApp.DEMO_FAULTS} on):
 * the seeds' four verification tests ({@link SeedVerificationScenarios}) and
 * <ul>
 *   <li>provider callbacks without a key header, keyed by their body;</li>
 *   <li>payments: an order is paid and charged once, whatever the keys;</li>
 *   <li>principal isolation of keys, orders and the status resource;</li>
 *   <li>every malformed key refused with 400 before anything is stored;</li>
 *   <li>409 with {@code Retry-After} and {@code Link} while a slow first call runs, {@code Prefer: wait}, the
 *       status resource, and the outcome log;</li>
 *   <li>replay fidelity: status, body bytes, {@code Location}, {@code Content-Type}.</li>
 * </ul>
 */
abstract class IdempotencyScenarios extends SeedVerificationScenarios {

    static final String CALLBACKS = "/api/payment-callbacks";
    static final String INVALID_OR_REFUSED_BY_THE_SERVER = "IDEMPOTENCY_KEY_INVALID, or an empty 400 from the HTTP layer";

    // --- provider callbacks ------------------------------------------------------------------------------------

    @Test
    void aRepeatedCallbackIsBookedOnceAndAChangedOneIsRefused() throws SQLException {
        long orderId = placeOrder(alice());
        String txn = "ch_e2e_" + ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        String callback = callback(txn, orderId, AMOUNT, "SUCCESS");
        Counts before = counts();

        ApiResponse first = alice().post(CALLBACKS, callback);
        ApiResponse again = alice().post(CALLBACKS, callback);
        // The provider, not the user who relays it, owns the key: another user's delivery is the same callback.
        ApiResponse relayed = bob().post(CALLBACKS, callback);

        assertEquals(200, first.status(), first.toString());
        assertFalse(first.header(REPLAYED).isPresent());
        long entry = first.json().get("ledgerEntryId").asLong();
        assertEquals(txn, first.json().get("channelTxnId").asText());
        for (ApiResponse duplicate : List.of(again, relayed)) {
            assertEquals(200, duplicate.status(), duplicate.toString());
            assertEquals("true", duplicate.header(REPLAYED).orElse(null), duplicate.toString());
            assertArrayEquals(first.bodyBytes(), duplicate.bodyBytes(), "the same answer: " + duplicate);
        }
        Counts after = counts();
        assertEquals(before.ledgerEntries() + 1, after.ledgerEntries(), "one ledger entry: " + after);
        if (databaseReachable()) {
            assertEquals(1, count("SELECT COUNT(*) FROM shop_ledger_entries WHERE channel_txn_id = ?", txn));
        }

        ApiResponse changed = alice().post(CALLBACKS, callback(txn, orderId, 29900, "SUCCESS"));
        assertEquals(422, changed.status(), changed.toString());
        assertEquals("IDEMPOTENCY_KEY_REUSED", changed.problemCode(), changed.toString());
        assertTrue(changed.json().get("differingFields").toString().contains("\"callback\""), changed.toString());
        assertEquals(after.ledgerEntries(), counts().ledgerEntries(), "no second entry");

        ApiResponse stillTheSame = alice().post(CALLBACKS, callback);
        assertEquals(entry, stillTheSame.json().get("ledgerEntryId").asLong());
        assertTrue(counts().mismatches().isEmpty());
    }

    // --- payments ------------------------------------------------------------------------------------------------

    @Test
    void anOrderIsPaidAndChargedOnceWhateverTheKeys() throws SQLException {
        long orderId = placeOrder(alice());
        String payments = ORDERS + "/" + orderId + "/payments";
        String payment = "{\"amount\":" + AMOUNT + "}";
        String key = ApiClient.newKey();
        Counts before = counts();

        ApiResponse paid = alice().post(payments, payment, key);
        assertEquals(200, paid.status(), paid.toString());
        assertEquals("PAID", paid.json().get("status").asText());
        assertFalse(paid.header(REPLAYED).isPresent());

        ApiResponse sameKey = alice().post(payments, payment, key);
        assertEquals(200, sameKey.status(), sameKey.toString());
        assertEquals("true", sameKey.header(REPLAYED).orElse(null), "same key replays: " + sameKey);
        assertArrayEquals(paid.bodyBytes(), sameKey.bodyBytes());

        ApiResponse otherKey = alice().post(payments, payment, ApiClient.newKey());
        assertEquals(200, otherKey.status(), otherKey.toString());
        assertFalse(otherKey.header(REPLAYED).isPresent(), "a new key is a new call: " + otherKey);
        assertEquals(paid.json(), otherKey.json(), "a new key gets the existing payment, not a second one");

        assertPaidOnce(orderId, before);
    }

    /**
     * The channel call is not transactional: a payment that fails after it rolls back our rows but not the charge.
     * The retry with the same key asks the channel with the same derived key and gets the same charge back.
     */
    @Test
    void aPaymentRetriedAfterARollbackIsChargedOnce() throws SQLException {
        long orderId = placeOrder(alice());
        String payments = ORDERS + "/" + orderId + "/payments";
        String payment = "{\"amount\":" + AMOUNT + "}";
        String key = ApiClient.newKey();
        Counts before = counts();

        ApiResponse failed = alice().header("X-Demo-Fail", "after-write").post(payments, payment, key);
        assertEquals(500, failed.status(), failed.toString());
        Counts afterFailure = counts();
        assertEquals(before.payments(), afterFailure.payments(), "the payment rolled back: " + afterFailure);
        assertEquals(before.channelCharges() + 1, afterFailure.channelCharges(), "the channel did charge");
        assertEquals("PENDING", alice().get(ORDERS + "/" + orderId).json().get("status").asText());

        ApiResponse retried = alice().post(payments, payment, key);
        assertEquals(200, retried.status(), retried.toString());
        assertFalse(retried.header(REPLAYED).isPresent(), "the retry ran again: " + retried);
        assertPaidOnce(orderId, before);
    }

    @Test
    void concurrentPaymentsWithTenKeysPayTheOrderOnce() throws Exception {
        long orderId = placeOrder(alice());
        String payments = ORDERS + "/" + orderId + "/payments";
        String payment = "{\"amount\":" + AMOUNT + "}";
        Counts before = counts();

        List<ApiResponse> answers = concurrently(10, i -> alice().post(payments, payment, ApiClient.newKey()));

        Set<String> paymentIds = new TreeSet<>();
        for (ApiResponse answer : answers) {
            assertEquals(200, answer.status(), "every key gets the payment: " + answer);
            paymentIds.add(answer.json().get("id").asText() + "/" + answer.json().get("channelTxnId").asText());
        }
        assertEquals(1, paymentIds.size(), "one payment for all keys: " + paymentIds);
        assertPaidOnce(orderId, before);
        Counts settled = counts();
        assertTrue(settled.mismatches().isEmpty(), settled.toString());
    }

    /** Since {@code before}: one payment, one channel charge, the order PAID, one payment row for it. */
    private void assertPaidOnce(long orderId, Counts before) throws SQLException {
        Counts after = counts();
        assertEquals(before.payments() + 1, after.payments(), "one payment: " + after);
        assertEquals(before.channelCharges() + 1, after.channelCharges(), "one channel charge, not a second: " + after);
        assertEquals("PAID", alice().get(ORDERS + "/" + orderId).json().get("status").asText());
        if (databaseReachable()) {
            assertEquals(1, count("SELECT COUNT(*) FROM shop_payments WHERE order_id = ?", orderId));
        }
    }

    // --- principal isolation ------------------------------------------------------------------------------------

    @Test
    void keysOrdersAndStatusesAreIsolatedPerUser() {
        String key = ApiClient.newKey();
        String body = order(newProductId(), AMOUNT);
        ApiResponse alices = alice().post(ORDERS, body, key);
        assertEquals(201, alices.status(), alices.toString());
        long aliceOrder = alices.json().get("id").asLong();

        assertEquals("UNKNOWN", status(bob(), key).get("state").asText(), "bob cannot see alice's key");
        JsonNode aliceStatus = status(alice(), key);
        assertEquals("COMPLETED", aliceStatus.get("state").asText(), aliceStatus.toString());
        assertEquals("orders.create", aliceStatus.get("action").asText());

        Counts before = counts();
        ApiResponse bobs = bob().post(ORDERS, body, key);
        assertEquals(201, bobs.status(), bobs.toString());
        assertFalse(bobs.header(REPLAYED).isPresent(), "bob's call is his own, not a replay of alice's: " + bobs);
        long bobOrder = bobs.json().get("id").asLong();
        assertNotEquals(aliceOrder, bobOrder);
        assertNotEquals(alices.header("Location"), bobs.header("Location"));
        assertEquals(before.orders() + 1, counts().orders(), "bob got a new order");

        ApiResponse peek = bob().get(ORDERS + "/" + aliceOrder);
        assertEquals(404, peek.status(), "bob cannot read alice's order: " + peek);
        assertFalse(peek.body().contains("\"productId\""), peek.toString());
        assertEquals(200, alice().get(ORDERS + "/" + aliceOrder).status());
        assertEquals(404, alice().get(ORDERS + "/" + bobOrder).status());

        // Each still replays their own.
        assertArrayEquals(alices.bodyBytes(), alice().post(ORDERS, body, key).bodyBytes());
        assertArrayEquals(bobs.bodyBytes(), bob().post(ORDERS, body, key).bodyBytes());
        assertEquals("COMPLETED", status(bob(), key).get("state").asText(), "now bob has a call of his own");
    }

    // --- malformed keys ------------------------------------------------------------------------------------------

    @Test
    void malformedKeysAreRefusedWith400AndNothingIsStored() throws SQLException {
        long product = newProductId();
        String body = order(product, AMOUNT);
        Counts before = counts();
        long recordsBefore = databaseReachable() ? count("SELECT COUNT(*) FROM idempo_record") : 0;
        OptionalLong redisBefore = redisKeyCount();

        Map<String, ApiResponse> answers = new LinkedHashMap<>();
        answers.put("no header", alice().post(ORDERS, body));
        answers.put("empty", alice().postRaw(ORDERS, body, List.of(key(""))));
        answers.put("7 characters", alice().post(ORDERS, body, "abc-123"));
        answers.put("256 characters", alice().post(ORDERS, body, "k".repeat(256)));
        answers.put("non-ASCII (UTF-8 bytes)", alice().postRaw(ORDERS, body, List.of(key("schlüssel-ключ-鍵"))));
        answers.put("non-ASCII (one Latin-1 byte)", alice().postRaw(ORDERS, body,
                List.of(new RawHttp.Header(ApiClient.IDEMPOTENCY_KEY, "abcdefgh\u00e9".getBytes(StandardCharsets.ISO_8859_1)))));
        answers.put("control character", alice().postRaw(ORDERS, body, List.of(key("abcd\u0001efgh"))));
        answers.put("tab inside", alice().postRaw(ORDERS, body, List.of(key("abcd\tefgh"))));
        answers.put("space inside", alice().postRaw(ORDERS, body, List.of(key("abcd efgh"))));
        answers.put("two headers", alice().postRaw(ORDERS, body,
                List.of(key(ApiClient.newKey()), key(ApiClient.newKey()))));
        answers.put("two equal headers", alice().postRaw(ORDERS, body, List.of(key("same-key-1"), key("same-key-1"))));

        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("no header", "IDEMPOTENCY_KEY_MISSING");
        expected.put("empty", "IDEMPOTENCY_KEY_MISSING");
        expected.put("7 characters", "IDEMPOTENCY_KEY_INVALID");
        expected.put("256 characters", "IDEMPOTENCY_KEY_INVALID");
        // Payara's HTTP layer (Grizzly) refuses header bytes outside visible ASCII and HTAB itself, with an empty
        // 400 before the application sees the request. A server that passed them on would have to answer
        // IDEMPOTENCY_KEY_INVALID: either way a 400 that stores nothing.
        expected.put("non-ASCII (UTF-8 bytes)", INVALID_OR_REFUSED_BY_THE_SERVER);
        expected.put("non-ASCII (one Latin-1 byte)", INVALID_OR_REFUSED_BY_THE_SERVER);
        expected.put("control character", INVALID_OR_REFUSED_BY_THE_SERVER);
        expected.put("tab inside", "IDEMPOTENCY_KEY_INVALID");
        expected.put("space inside", "IDEMPOTENCY_KEY_INVALID");
        expected.put("two headers", "IDEMPOTENCY_KEY_REPEATED");
        expected.put("two equal headers", "IDEMPOTENCY_KEY_REPEATED");

        List<String> wrong = new ArrayList<>();
        expected.forEach((name, code) -> {
            ApiResponse answer = answers.get(name);
            boolean problem = answer.status() == 400 && answer.contentType().startsWith("application/problem+json");
            boolean ok = code.equals(INVALID_OR_REFUSED_BY_THE_SERVER)
                    ? problem && answer.problemCode().equals("IDEMPOTENCY_KEY_INVALID")
                            || answer.status() == 400 && answer.bodyBytes().length == 0
                    : problem && code.equals(answer.problemCode());
            if (!ok) {
                wrong.add(name + ": expected 400 " + code + ", got " + answer);
            }
        });
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
        ApiResponse badStatusKey = alice().get("/api/idempotency/abc-123");
        assertEquals(400, badStatusKey.status(), badStatusKey.toString());
        assertEquals("IDEMPOTENCY_KEY_INVALID", badStatusKey.problemCode(), badStatusKey.toString());

        Counts after = counts();
        assertEquals(before.orders(), after.orders(), "no order: " + after);
        assertEquals(before.completedRecords(), after.completedRecords(), "no record: " + after);
        assertOrderRows(product, 0);
        if (databaseReachable()) {
            assertEquals(recordsBefore, count("SELECT COUNT(*) FROM idempo_record"), "no record row in any state");
        }
        if (redisBefore.isPresent()) {
            assertEquals(redisBefore, redisKeyCount(), "no Redis key was written");
        }
    }

    @Test
    void keysOfEightAndOf255CharactersAreAccepted() {
        String shortest = Long.toString(ThreadLocalRandom.current().nextLong(10_000_000L, 100_000_000L));
        String longest = (ApiClient.newKey() + "-").repeat(7).substring(0, 255);
        for (String key : List.of(shortest, longest)) {
            String body = order(newProductId(), AMOUNT);
            ApiResponse created = alice().post(ORDERS, body, key);
            assertEquals(201, created.status(), key.length() + " characters: " + created);
            assertEquals("true", alice().post(ORDERS, body, key).header(REPLAYED).orElse(null));
            assertEquals("COMPLETED", status(alice(), key).get("state").asText());
        }
    }

    // --- in progress, Prefer: wait, the status resource --------------------------------------------------------

    @Test
    void aDuplicateOfASlowCallIsToldInProgressOrWaitsForItWithPrefer() throws Exception {
        String key = ApiClient.newKey();
        String body = order(newProductId(), AMOUNT);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<ApiResponse> slow = pool.submit(
                    () -> alice().header("X-Demo-Delay-Ms", "3000").post(ORDERS, body, key));
            // From here on the first call holds the key for 3 s: the steps up to the Prefer request take far less.
            awaitState(alice(), key, "IN_PROGRESS", Duration.ofSeconds(10));

            ApiResponse busy = alice().post(ORDERS, body, key);
            assertEquals(409, busy.status(), busy.toString());
            assertEquals(IN_PROGRESS, busy.problemCode(), busy.toString());
            assertTrue(busy.header("Retry-After").orElse("").matches("[1-9][0-9]*"), busy.toString());
            assertFalse(busy.header(REPLAYED).isPresent());
            String link = busy.header("Link").orElse("");
            assertTrue(link.contains("/api/idempotency/" + key + ">") && link.contains("rel=\"status\""),
                    "Link to the status resource: " + busy);
            String statusUri = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
            ApiResponse followed = alice().get(java.net.URI.create(statusUri).getPath());
            assertEquals("IN_PROGRESS", followed.json().get("state").asText(), followed.toString());
            assertEquals("UNKNOWN", status(bob(), key).get("state").asText(), "not bob's key, even in progress");

            String waitingId = "wait-" + key;
            Future<ApiResponse> waiting = pool.submit(() -> alice().header("Prefer", "wait=10")
                    .header("X-Request-Id", waitingId).post(ORDERS, body, key));
            ApiResponse first = slow.get(30, TimeUnit.SECONDS);
            ApiResponse waited = waiting.get(30, TimeUnit.SECONDS);

            assertEquals(201, first.status(), first.toString());
            assertFalse(first.header(REPLAYED).isPresent());
            assertEquals(201, waited.status(), "Prefer: wait=10 waits for the first call instead of a 409: " + waited);
            assertEquals("true", waited.header(REPLAYED).orElse(null), waited.toString());
            assertArrayEquals(first.bodyBytes(), waited.bodyBytes());
            assertEquals(first.header("Location"), waited.header("Location"));
            String waitedLine = "key=" + key + " request=" + waitingId
                    + " outcome=replayed source=claim-store-after-wait";
            server().awaitLogLines(waitedLine, 1, Duration.ofSeconds(5));
            assertEquals(1, server().logLines(waitedLine).size(), "the Prefer request waited for the first call");

            ApiResponse after = alice().post(ORDERS, body, key);
            assertEquals(201, after.status(), after.toString());
            assertEquals("true", after.header(REPLAYED).orElse(null));
            assertArrayEquals(first.bodyBytes(), after.bodyBytes());
            JsonNode completed = status(alice(), key);
            assertEquals("COMPLETED", completed.get("state").asText(), completed.toString());

            // The log tells the four outcomes apart (seeds/000: 首次 / 重复 / 处理中 / 键复用冲突).
            String reusedId = "reuse-" + key;
            assertEquals(422, alice().header("X-Request-Id", reusedId).post(ORDERS, order(newProductId(), AMOUNT), key)
                    .status());
            server().awaitLogLines("key=" + key + " request=" + reusedId + " outcome=key_reused", 1,
                    Duration.ofSeconds(5));
            List<String> lines = server().logLines("key=" + key + " ");
            for (String outcome : List.of("first", "in_progress", "replayed", "key_reused")) {
                assertTrue(lines.stream().anyMatch(line -> line.contains("outcome=" + outcome)),
                        "a log line with outcome=" + outcome + " for " + key + ": " + lines);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // --- replay fidelity -----------------------------------------------------------------------------------------

    @Test
    void aReplayIsTheFirstAnswerByteForByte() {
        String key = ApiClient.newKey();
        String body = order(newProductId(), AMOUNT);
        ApiResponse first = alice().post(ORDERS, body, key);
        ApiResponse replay = alice().post(ORDERS, body, key);
        assertSameAnswer(first, replay);
        assertTrue(first.contentType().startsWith("application/json"), first.toString());
        assertTrue(first.header("Location").orElse("").endsWith("/api/orders/" + first.json().get("id").asLong()),
                first.toString());

        String payments = ORDERS + "/" + first.json().get("id").asLong() + "/payments";
        String paymentKey = ApiClient.newKey();
        ApiResponse paid = alice().post(payments, "{\"amount\":" + AMOUNT + "}", paymentKey);
        assertEquals(200, paid.status(), paid.toString());
        assertSameAnswer(paid, alice().post(payments, "{\"amount\":" + AMOUNT + "}", paymentKey));
    }

    /**
     * Replay at the edge: a retry with the first call's exact bytes is answered from the stored HTTP answer (the log
     * says {@code source=edge}, and nothing else runs), the first answer byte for byte; the same JSON written otherwise
     * goes the usual way and is still a replay; another principal's identical request with the same key is never
     * answered with alice's answer. The answer is stored after the commit, off the request thread, so the test waits
     * for the first edge replay.
     */
    @Test
    void anIdenticalRetryIsAnsweredAtTheEdgeAndOnlyForItsOwnPrincipal() throws Exception {
        String key = ApiClient.newKey();
        long product = newProductId();
        String body = order(product, AMOUNT);
        ApiResponse first = alice().post(ORDERS, body, key);
        assertEquals(201, first.status(), first.toString());

        ApiResponse atTheEdge = retryUntilLogged(() -> alice().post(ORDERS, body, key),
                "key=" + key + " ", "outcome=replayed source=edge");
        assertSameAnswer(first, atTheEdge);
        assertTrue(atTheEdge.header("X-Request-Id").isPresent(), atTheEdge.toString());
        assertNotEquals(first.header("X-Request-Id"), atTheEdge.header("X-Request-Id"), "each answer names its own");

        ApiResponse spacedOut = alice().post(ORDERS, body.replace(",", ", "), key);
        assertSameAnswer(first, spacedOut);
        ApiResponse bobs = bob().post(ORDERS, body, key);
        assertEquals(201, bobs.status(), bobs.toString());
        assertTrue(bobs.header(REPLAYED).isEmpty(), "bob's own first call: " + bobs);
        assertNotEquals(first.json().get("id").asLong(), bobs.json().get("id").asLong());
        if (databaseReachable()) {
            assertEquals(2, count("SELECT COUNT(*) FROM shop_orders WHERE product_id = ?", product),
                    "one order for alice's key, one for bob's");
        }
    }

    /** Sends until the server logged a line containing both texts (at most 5 s), and returns the last answer. */
    private ApiResponse retryUntilLogged(java.util.function.Supplier<ApiResponse> send, String first, String second)
            throws InterruptedException {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(5).toNanos();
        while (true) {
            ApiResponse answer = send.get();
            if (server().logLines(first).stream().anyMatch(line -> line.contains(second))
                    || System.nanoTime() > deadline) {
                assertTrue(server().logLines(first).stream().anyMatch(line -> line.contains(second)),
                        "no line with '" + first + "' and '" + second + "': " + server().logLines(first));
                return answer;
            }
            Thread.sleep(50);
        }
    }

    /**
     * A resource method that is itself {@code @Idempotent} and returns a {@code Response}: its duplicate gets the same
     * status, entity bytes, {@code Location} and application header, and the mail (a non-transactional side effect)
     * goes out once; its key is required before any work, and a reused key is refused.
     */
    @Test
    void anIdempotentResourceMethodReplaysItsResponseAndSendsOnce() {
        long orderId = placeOrder(alice());
        String receipts = ORDERS + "/" + orderId + "/receipts";
        String key = ApiClient.newKey();
        ApiResponse first = alice().post(receipts, "{\"email\":\"alice@example.com\"}", key);
        assertEquals(202, first.status(), first.toString());
        assertTrue(first.header("X-Receipt-Id").isPresent(), first.toString());
        assertTrue(first.header("Location").orElse("").endsWith("/receipts/" + first.header("X-Receipt-Id").get()),
                first.toString());
        ApiResponse replay = alice().post(receipts, "{\"email\":\"alice@example.com\"}", key);
        assertSameAnswer(first, replay);
        assertEquals(first.header("X-Receipt-Id"), replay.header("X-Receipt-Id"));

        ApiResponse reused = alice().post(receipts, "{\"email\":\"other@example.com\"}", key);
        assertEquals(422, reused.status(), reused.toString());
        assertEquals("[\"request.email\"]", reused.json().get("differingFields").toString());
        ApiResponse missing = alice().post(receipts, "{\"email\":\"alice@example.com\"}");
        assertEquals(400, missing.status(), missing.toString());
        assertEquals("IDEMPOTENCY_KEY_MISSING", missing.json().get("code").asText());

        ApiResponse sent = alice().get(receipts);
        assertEquals(200, sent.status(), sent.toString());
        assertEquals(1, sent.json().size(), () -> "one mail for one key: " + sent);
    }

    // --- helpers ----------------------------------------------------------------------------------------------

    static void assertSameAnswer(ApiResponse first, ApiResponse replay) {
        assertFalse(first.header(REPLAYED).isPresent(), first.toString());
        assertEquals("true", replay.header(REPLAYED).orElse(null), replay.toString());
        assertEquals(first.status(), replay.status(), replay.toString());
        assertArrayEquals(first.bodyBytes(), replay.bodyBytes(), replay.toString());
        assertEquals(first.header("Location"), replay.header("Location"));
        assertEquals(first.contentType(), replay.contentType());
    }

    static String callback(String txn, long orderId, long amount, String status) {
        return "{\"channelTxnId\":\"" + txn + "\",\"orderId\":" + orderId + ",\"amount\":" + amount
                + ",\"status\":\"" + status + "\"}";
    }

    static RawHttp.Header key(String value) {
        return RawHttp.Header.of(ApiClient.IDEMPOTENCY_KEY, value);
    }

    long placeOrder(ApiClient client) {
        ApiResponse created = client.post(ORDERS, order(newProductId(), AMOUNT), ApiClient.newKey());
        assertEquals(201, created.status(), created.toString());
        return created.json().get("id").asLong();
    }

    static JsonNode status(ApiClient client, String key) {
        ApiResponse answer = client.get("/api/idempotency/" + key);
        assertEquals(200, answer.status(), answer.toString());
        return answer.json();
    }

    static void awaitState(ApiClient client, String key, String state, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            last = status(client, key).toString();
            if (last.contains("\"state\":\"" + state + "\"")) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("key " + key + " not " + state + " within " + timeout + ": " + last);
    }
}
