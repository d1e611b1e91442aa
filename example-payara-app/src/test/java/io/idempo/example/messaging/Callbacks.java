package io.idempo.example.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Payment callbacks of one test, told apart from every other test's by a prefix of their channel transaction ids,
 * and what the database holds of them: the ledger entries and the idempotency records, read behind the app's back.
 */
final class Callbacks {

    static final long AMOUNT = 19_900;
    private static final String ORDER = "{\"productId\":1001,\"quantity\":2,\"amount\":" + AMOUNT + "}";

    private final String prefix;
    private final List<Long> orders;

    private Callbacks(String prefix, List<Long> orders) {
        this.prefix = prefix;
        this.orders = orders;
    }

    /** Callbacks named {@code <purpose>-<random>-<i>}, for {@code orderCount} orders that {@code client} places. */
    static Callbacks forNewOrders(String purpose, ApiClient client, int orderCount) {
        List<Long> orders = new ArrayList<>();
        for (int i = 0; i < orderCount; i++) {
            ApiResponse created = client.post("/api/orders", ORDER, ApiClient.newKey());
            assertEquals(201, created.status(), created.toString());
            orders.add(created.json().get("id").asLong());
        }
        return new Callbacks(purpose + "-" + UUID.randomUUID().toString().substring(0, 8), orders);
    }

    /** The channel transaction id of event {@code i}. */
    String channelTxnId(int i) {
        return prefix + "-" + i;
    }

    /** The JSON of event {@code i}, as the provider posts it to {@code /api/payment-callbacks}. */
    String json(int i) {
        return "{\"channelTxnId\":\"" + channelTxnId(i) + "\",\"orderId\":" + orders.get(i % orders.size())
                + ",\"amount\":" + AMOUNT + ",\"status\":\"SUCCESS\"}";
    }

    /**
     * Events {@code 0..events-1}, each as {@code copies} messages of its own (the same body, a delivery id each), in
     * an order shuffled by {@code seed}: a provider's retries, interleaved.
     */
    List<CallbackQueues.Message> deliveries(int events, int copies, long seed) {
        List<CallbackQueues.Message> messages = new ArrayList<>();
        for (int copy = 0; copy < copies; copy++) {
            for (int i = 0; i < events; i++) {
                messages.add(CallbackQueues.Message.json(json(i)));
            }
        }
        Collections.shuffle(messages, new Random(seed));
        return messages;
    }

    /** The ledger entries of each of these callbacks that has any, by channel transaction id. */
    Map<String, Integer> ledger(TestSchema database) throws SQLException {
        Map<String, Integer> entries = new HashMap<>();
        try (Connection connection = database.connect();
             PreparedStatement query = connection.prepareStatement("SELECT channel_txn_id, COUNT(*)"
                     + " FROM shop_ledger_entries WHERE channel_txn_id LIKE ? GROUP BY channel_txn_id")) {
            query.setString(1, prefix + "-%");
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    entries.put(rows.getString(1), rows.getInt(2));
                }
            }
        }
        return entries;
    }

    /** The idempotency records of these callbacks, in any state. */
    long records(TestSchema database) throws SQLException {
        try (Connection connection = database.connect();
             PreparedStatement query = connection.prepareStatement("SELECT COUNT(*) FROM idempo_record"
                     + " WHERE action = 'payments.callback' AND client_key LIKE ?")) {
            query.setString(1, prefix + "-%");
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    /** Asserts that events {@code 0..count-1} have exactly one ledger entry each, and nothing else has any. */
    void assertBookedOnceEach(TestSchema database, int count) throws SQLException {
        Map<String, Integer> ledger = ledger(database);
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Integer entries = ledger.remove(channelTxnId(i));
            if (entries == null || entries != 1) {
                wrong.add(channelTxnId(i) + ": " + entries);
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " events not booked exactly once: "
                + wrong.subList(0, Math.min(20, wrong.size())));
        assertEquals(Map.of(), ledger, "entries of events never sent");
    }

    /** Waits until {@code count} of these callbacks have a ledger entry. */
    void awaitBooked(TestSchema database, int count, Duration timeout) throws Exception {
        await(timeout, "ledger entries of " + prefix, () -> {
            try {
                return ledger(database).size() >= count;
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Asserts the app's reconciliation is clean and returns it. */
    static JsonNode assertReconciled(ApiClient client) {
        ApiResponse answer = client.get("/api/reconciliation");
        assertEquals(200, answer.status(), answer.toString());
        JsonNode report = answer.json();
        assertTrue(report.get("mismatches").isArray() && report.get("mismatches").isEmpty(), report.toString());
        return report;
    }

    /** The JSON with a byte sequence that is not UTF-8 (a lead byte without its continuation) in a string. */
    static byte[] invalidUtf8(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        int quote = json.indexOf("\",\"orderId\"");
        byte[] broken = Arrays.copyOf(bytes, bytes.length + 2);
        System.arraycopy(bytes, quote, broken, quote + 2, bytes.length - quote);
        broken[quote] = (byte) 0xC3;
        broken[quote + 1] = (byte) 0x28;
        return broken;
    }

    static void await(Duration timeout, String what, Supplier<Boolean> condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.get()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within " + timeout);
            }
            Thread.sleep(200);
        }
    }
}
