package io.idempo.example.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.example.e2e.ExampleApp;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.PayaraMicroServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue #6, fault 8: two instances of the app behind one MariaDB and one Redis, as behind a load balancer, and
 * 1000 requests with one key released together, alternating between them: one order, every answer the first
 * call's 201 (a replay) or a 409 "in progress", never a 500.
 */
class TwoInstancesIT {

    private static final TestSchema DATABASE = TestDatabase.mariadb().freshSchema();
    private static final int REQUESTS = 1000;

    @RegisterExtension
    @Order(1)
    static final PayaraMicroServer first = ExampleApp.onPayara().on(DATABASE).withSharedRedis()
            .named("TwoInstancesIT-first");

    @RegisterExtension
    @Order(2)
    static final PayaraMicroServer second = ExampleApp.onPayara().on(DATABASE).withRedisSharedWith(first)
            .named("TwoInstancesIT-second");

    @Test
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
}
