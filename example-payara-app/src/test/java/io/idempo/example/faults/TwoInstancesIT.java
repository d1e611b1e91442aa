package io.idempo.example.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.example.e2e.ExampleApp;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.PayaraMicroServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two instances of the app behind one MariaDB and one Redis, as behind a load balancer (demo faults on).
 * <ul>
 *   <li>Issue #6, fault 8: 1000 requests with one key released together, alternating between them: one order, every
 *       answer the first call's 201 (a replay) or a 409 "in progress", never a 500.</li>
 *   <li>Issue #13: an instance SIGKILLed inside a call; the client retries on the other instance, which runs the call
 *       within the claim timeout, not the lease.</li>
 * </ul>
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TwoInstancesIT {

    private static final TestSchema DATABASE = TestDatabase.mariadb().freshSchema();
    private static final int REQUESTS = 1000;

    @RegisterExtension
    @Order(1)
    static final PayaraMicroServer first = ExampleApp.onPayara().on(DATABASE).withSharedRedis()
            .withEnv(ExampleApp.DEMO_FAULTS, "true").named("TwoInstancesIT-first");

    @RegisterExtension
    @Order(2)
    static final PayaraMicroServer second = ExampleApp.onPayara().on(DATABASE).withRedisSharedWith(first)
            .withEnv(ExampleApp.DEMO_FAULTS, "true").named("TwoInstancesIT-second");

    /** The claim timeout (1.5 s), and a careful client's pace and a request on this shared machine. */
    private static final Duration HEALED_WITHIN = Duration.ofMillis(2_500);

    @Test
    @Order(1)
    void aThousandSameKeyRequestsOverTwoInstancesPlaceOneOrder() throws Exception {
        String key = "two-instances-" + UUID.randomUUID();
        long product = 920_001;
        String order = "{\"productId\":" + product + ",\"quantity\":1,\"amount\":100}";
        List<ApiClient> instances = List.of(first.client("alice"), second.client("alice"));
        ExecutorService senders = Executors.newFixedThreadPool(REQUESTS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<ApiResponse>> answers = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                ApiClient instance = instances.get(i % 2);
                answers.add(senders.submit(() -> {
                    start.await();
                    return instance.post("/api/orders", order, key);
                }));
            }
            start.countDown();
            List<ApiResponse> received = new ArrayList<>();
            for (Future<ApiResponse> answer : answers) {
                received.add(answer.get());
            }
            Map<Integer, Long> statuses = received.stream()
                    .collect(Collectors.groupingBy(ApiResponse::status, TreeMap::new, Collectors.counting()));
            System.out.println("[faults] two instances, " + REQUESTS + " same-key requests: " + statuses);
            assertEquals(1, ShopTables.orders(DATABASE, product), "orders placed: " + statuses);
            assertTrue(statuses.keySet().stream().allMatch(status -> status == 201 || status == 409),
                    "only 201 and 409: " + statuses);
            assertEquals(1, received.stream().filter(answer -> answer.status() == 201)
                    .map(answer -> answer.json().get("id").asLong()).distinct().count(), "one order id in every 201");
        } finally {
            senders.shutdownNow();
        }
        ApiResponse replay = second.client("alice").post("/api/orders", order, key);
        assertEquals("true", replay.header("Idempotent-Replayed").orElse(""), replay.toString());
    }

    /**
     * The first instance dies (SIGKILL) while a call runs in its business method, before its commit: its transaction
     * rolls back with its connection, and its claim in Redis, no longer renewed, lapses within the claim timeout. A
     * careful client retrying on the second instance is told "in progress" until then, and the call then runs there,
     * once (before claims were renewed, the retries waited for the lease, 30 s by default).
     */
    @Test
    @Order(2)
    void aCallCutByACrashRunsOnTheOtherInstanceWithinTheClaimTimeout() throws Exception {
        String key = "cut-by-crash-" + UUID.randomUUID();
        long product = 920_002;
        String order = "{\"productId\":" + product + ",\"quantity\":1,\"amount\":100}";
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            Future<ApiResponse> cut = caller.submit(() -> first.client("alice")
                    .header("X-Demo-Delay-Ms", "30000").post("/api/orders", order, key));
            first.awaitLogLines("demo fault: delaying the return", 1, Duration.ofSeconds(30));
            first.crash();
            long crashed = System.nanoTime();
            assertThrows(ExecutionException.class, cut::get, "the cut call got an answer");

            ApiClient retries = second.client("alice");
            ApiResponse answer = retries.post("/api/orders", order, key);
            while (answer.status() == 409 && System.nanoTime() - crashed < Duration.ofSeconds(60).toNanos()) {
                Thread.sleep(50);
                answer = retries.post("/api/orders", order, key);
            }
            Duration healed = Duration.ofNanos(System.nanoTime() - crashed);
            System.out.println("[faults] crash inside a call: the retry on the other instance ran it "
                    + healed.toMillis() + " ms after the crash");
            assertEquals(201, answer.status(), answer.toString());
            assertTrue(answer.header("Idempotent-Replayed").isEmpty(), "the uncommitted call ran again: " + answer);
            assertEquals(1, ShopTables.orders(DATABASE, product));
            assertTrue(healed.compareTo(HEALED_WITHIN) <= 0, "the call ran again " + healed.toMillis()
                    + " ms after the crash");
        } finally {
            caller.shutdownNow();
        }
    }
}
