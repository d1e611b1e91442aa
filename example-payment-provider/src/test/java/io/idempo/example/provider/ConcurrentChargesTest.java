package io.idempo.example.provider;

import static io.idempo.example.provider.Providers.CHARGES;
import static io.idempo.example.provider.Providers.body;
import static io.idempo.example.provider.Providers.charges;
import static io.idempo.example.provider.Providers.errorCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Concurrent requests with one key, on real threads released together, make one charge: asserted on the provider's
 * ledger (its list and its rows), not only on the answers. On the file database, as the runnable jar runs, and in
 * memory, as a shop embeds it.
 */
class ConcurrentChargesTest {

    private static final int THREADS = 32;

    @RegisterExtension
    final Providers providers = new Providers();

    @TempDir
    Path data;

    @ParameterizedTest(name = "on a database {0}")
    @ValueSource(strings = {"in a folder", "in memory"})
    void concurrentRequestsWithOneKeyMakeOneCharge(String where) throws Exception {
        PaymentProvider provider = providers.start(settings(where));
        ApiClient client = Providers.client(provider);

        List<ApiResponse> answers = together(THREADS, thread -> client.post(CHARGES, body(11, 2500), "k-race"));

        Set<String> ids = answers.stream().map(answer -> {
            assertEquals(200, answer.status(), answer::toString);
            return answer.json().get("id").asText();
        }).collect(Collectors.toSet());
        assertEquals(1, ids.size(), ids::toString);
        assertEquals(1, answers.stream().filter(answer -> answer.header("Idempotent-Replayed").isEmpty()).count(),
                "one answer is the charge made, the others replay it");
        List<JsonNode> charges = charges(provider);
        assertEquals(1, charges.size(), charges::toString);
        assertEquals(ids.iterator().next(), charges.get(0).get("id").asText());
        assertEquals(List.of("1"), Providers.rows(provider,
                "SELECT COUNT(*) FROM charges WHERE idempotency_key = 'k-race'"));
    }

    @Test
    void concurrentRequestsWithOneKeyAndOtherParametersMakeOneChargeAndRefuseTheOthers() throws Exception {
        PaymentProvider provider = providers.start(settings("in a folder"));
        ApiClient client = Providers.client(provider);

        List<ApiResponse> answers = together(THREADS, thread -> client.post(CHARGES,
                body(11, thread % 2 == 0 ? 2500 : 2600), "k-race-params"));

        List<JsonNode> charges = charges(provider);
        assertEquals(1, charges.size(), charges::toString);
        long amount = charges.get(0).get("amount").asLong();
        for (int thread = 0; thread < THREADS; thread++) {
            ApiResponse answer = answers.get(thread);
            boolean sameAmount = (thread % 2 == 0 ? 2500 : 2600) == amount;
            assertEquals(sameAmount ? 200 : 422, answer.status(), answer::toString);
            if (!sameAmount) {
                assertEquals("idempotency_error", errorCode(answer));
            }
        }
    }

    @Test
    void concurrentRequestsWithManyKeysMakeOneChargeEach() throws Exception {
        PaymentProvider provider = providers.start(settings("in a folder"));
        ApiClient client = Providers.client(provider);

        together(THREADS, thread -> client.post(CHARGES, body(thread % 8 + 1, 100), "k-many-" + (thread % 8 + 1)));

        List<JsonNode> charges = charges(provider);
        assertEquals(8, charges.size(), charges::toString);
        assertEquals(8, charges.stream().map(charge -> charge.get("idempotencyKey").asText()).distinct().count());
        assertTrue(charges.stream().allMatch(charge -> charge.get("idempotencyKey").asText()
                .equals("k-many-" + charge.get("orderId").asLong())), charges::toString);
    }

    private ProviderSettings settings(String where) {
        return ProviderSettings.embedded()
                .withStorage(where.equals("in memory") ? Storage.inMemory() : Storage.directory(data));
    }

    /** What {@code request} answers on {@code threads} threads, released at once, by thread number. */
    private static List<ApiResponse> together(int threads, ThreadRequest request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch ready = new CountDownLatch(threads);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<ApiResponse>> answers = new ArrayList<>();
            for (int thread = 0; thread < threads; thread++) {
                int number = thread;
                Callable<ApiResponse> call = () -> {
                    ready.countDown();
                    go.await();
                    return request.send(number);
                };
                answers.add(pool.submit(call));
            }
            ready.await();
            go.countDown();
            List<ApiResponse> result = new ArrayList<>();
            for (Future<ApiResponse> answer : answers) {
                result.add(answer.get());
            }
            return result;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One thread's request. */
    private interface ThreadRequest {
        ApiResponse send(int thread);
    }
}
