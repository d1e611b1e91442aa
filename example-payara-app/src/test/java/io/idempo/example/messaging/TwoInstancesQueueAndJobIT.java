package io.idempo.example.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.example.e2e.ExampleApp;
import io.idempo.example.messaging.CallbackQueues.Message;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.PayaraMicroServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue #10 on two instances of the app behind one MariaDB, one Redis prefix and one RabbitMQ: both consume
 * {@code payment.callbacks}, where every event is published three times, and both run the order-expiry job on the
 * same slots (of {@value #SLOT_SECONDS} s here, so that a minute of the test holds 30 slots where the default
 * period would give one). Each event is booked once, and each slot is run once.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TwoInstancesQueueAndJobIT {

    static final int SLOT_SECONDS = 2;
    private static final Duration SLOT = Duration.ofSeconds(SLOT_SECONDS);
    /** How long, at least, both instances tick together before the slots are judged. */
    private static final Duration JOB_WINDOW = Duration.ofSeconds(60);
    private static final TestSchema DATABASE = TestDatabase.mariadb().freshSchema();
    private static final long STALE_PRODUCT = 990_001;

    @RegisterExtension
    @Order(1)
    static final CallbackQueues queues = new CallbackQueues();

    @RegisterExtension
    @Order(2)
    static final PayaraMicroServer first = ExampleApp.onPayara().on(DATABASE).withSharedRedis()
            .withEnv(ExampleApp.RABBITMQ_URL, queues.url()).withEnv(ExampleApp.JOB_PERIOD, "PT" + SLOT_SECONDS + "S")
            .named("TwoInstancesQueueAndJobIT-first");

    @RegisterExtension
    @Order(3)
    static final PayaraMicroServer second = ExampleApp.onPayara().on(DATABASE).withRedisSharedWith(first)
            .withEnv(ExampleApp.RABBITMQ_URL, queues.url()).withEnv(ExampleApp.JOB_PERIOD, "PT" + SLOT_SECONDS + "S")
            .named("TwoInstancesQueueAndJobIT-second");

    /** The first slot that both instances tick: both are up by now. */
    private static Instant windowStart;

    @BeforeAll
    static void bothInstancesAreUp() throws SQLException {
        long now = System.currentTimeMillis();
        windowStart = Instant.ofEpochMilli((now / SLOT.toMillis() + 1) * SLOT.toMillis());
        // An order left PENDING for 31 minutes, which the job must expire once.
        try (Connection connection = DATABASE.connect();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO shop_orders (product_id, quantity,"
                     + " amount, status, created_by, created_at) VALUES (?, 1, 100, 'PENDING', 'alice', ?)")) {
            insert.setLong(1, STALE_PRODUCT);
            insert.setLong(2, now - Duration.ofMinutes(31).toMillis());
            insert.executeUpdate();
        }
    }

    @Test
    @Order(1)
    void twoInstancesConsumingOneQueueBookEachEventOnce() throws Exception {
        int events = 500;
        Callbacks callbacks = Callbacks.forNewOrders("two-nodes", first.client("alice"), 5);
        List<Message> messages = callbacks.deliveries(events, 3, 2);
        queues.publish(messages);
        callbacks.awaitBooked(DATABASE, events, Duration.ofMinutes(3));
        queues.awaitDrained(Duration.ofMinutes(2));
        callbacks.assertBookedOnceEach(DATABASE, events);
        assertEquals(events, callbacks.records(DATABASE));
        long firstHandled = first.logLines("action=payments.callback scope=demo-channel").size();
        long secondHandled = second.logLines("action=payments.callback scope=demo-channel").size();
        System.out.printf("[messaging] two instances, %d events x 3 deliveries: deliveries handled %d + %d%n", events,
                firstHandled, secondHandled);
        assertTrue(firstHandled > 0 && secondHandled > 0, "both instances consumed: " + firstHandled + " + "
                + secondHandled);
        Callbacks.assertReconciled(first.client("alice"));
    }

    @Test
    @Order(2)
    void twoInstancesRunTheJobOncePerSlot() throws Exception {
        Instant windowEnd = windowStart.plus(JOB_WINDOW);
        Instant now = Instant.now();
        if (now.isAfter(windowEnd)) {
            windowEnd = Instant.ofEpochMilli(now.toEpochMilli() / SLOT.toMillis() * SLOT.toMillis());
        }
        // The last slot's tick, and its commit, well behind us.
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), windowEnd.plus(SLOT).plusSeconds(3)).toMillis()));
        List<String> slots = new ArrayList<>();
        for (Instant slot = windowStart; !slot.isAfter(windowEnd); slot = slot.plus(SLOT)) {
            slots.add(slot.toString());
        }

        Map<String, List<String>> runs = runsBySlot();
        List<String> wrong = slots.stream().filter(slot -> runs.getOrDefault(slot, List.of()).size() != 1)
                .map(slot -> slot + ": " + runs.get(slot)).toList();
        Map<String, Long> byNode = slots.stream().map(slot -> runs.get(slot).get(0))
                .collect(Collectors.groupingBy(node -> node, TreeMap::new, Collectors.counting()));
        assertTrue(wrong.isEmpty(), "slots not run exactly once: " + wrong);
        assertTrue(runs.values().stream().allMatch(nodes -> nodes.size() == 1), "a slot run twice: " + runs);
        Set<String> asked = new HashSet<>();
        for (PayaraMicroServer server : List.of(first, second)) {
            long ticks = slots.stream().filter(slot -> !server.logLines("action=jobs.expire-orders scope=expire-orders"
                    + " key=" + slot + " ").isEmpty()).count();
            asked.add(server.pid() + ": " + ticks);
            assertTrue(ticks >= slots.size() - 2, "each instance asks for (nearly) every slot: " + ticks + " of "
                    + slots.size());
        }
        System.out.printf("[jobs] two instances, slots of %d s from %s to %s: %d slots, one run each, by node %s;"
                + " slots asked for per instance %s%n", SLOT_SECONDS, windowStart, windowEnd, slots.size(), byNode,
                asked);

        assertEquals("EXPIRED", status(STALE_PRODUCT), "the stale order expired");
        assertEquals(1, expiredByRuns(), "by one run");
        ApiResponse listed = second.client("bob").get("/api/jobs/runs?limit=1000");
        assertEquals(200, listed.status(), listed.toString());
        Set<String> listedSlots = new HashSet<>();
        listed.json().forEach(run -> listedSlots.add(run.get("slot").asText()));
        assertTrue(listedSlots.containsAll(slots), "GET /api/jobs/runs lists every run");
        JsonNode report = Callbacks.assertReconciled(first.client("alice"));
        assertTrue(report.get("jobRuns").asInt() >= runs.size(), "the runs so far (the job goes on): " + report);
        assertFalse(report.toString().contains("job-slot-run-twice"));
    }

    /** The nodes that ran each slot. */
    private static Map<String, List<String>> runsBySlot() throws SQLException {
        Map<String, List<String>> runs = new TreeMap<>();
        try (Connection connection = DATABASE.connect();
             ResultSet rows = connection.createStatement().executeQuery("SELECT slot, node FROM job_runs")) {
            while (rows.next()) {
                runs.computeIfAbsent(rows.getString(1), slot -> new ArrayList<>()).add(rows.getString(2));
            }
        }
        return runs;
    }

    private static String status(long product) throws SQLException {
        try (Connection connection = DATABASE.connect();
             PreparedStatement query = connection.prepareStatement("SELECT status FROM shop_orders WHERE product_id = ?")) {
            query.setLong(1, product);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        }
    }

    private static long expiredByRuns() throws SQLException {
        try (Connection connection = DATABASE.connect();
             ResultSet rows = connection.createStatement().executeQuery("SELECT SUM(expired_orders) FROM job_runs")) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
