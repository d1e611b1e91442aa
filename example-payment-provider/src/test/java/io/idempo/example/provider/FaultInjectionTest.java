package io.idempo.example.provider;

import static io.idempo.example.provider.Providers.CHARGES;
import static io.idempo.example.provider.Providers.body;
import static io.idempo.example.provider.Providers.charges;
import static io.idempo.example.provider.Providers.errorCode;
import static io.idempo.example.provider.Providers.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.http.RawHttp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Each fault of PROVIDER_FAULTS, and the seed that makes them repeat. */
class FaultInjectionTest {

    @RegisterExtension
    final Providers providers = new Providers();

    @TempDir
    Path data;

    @Test
    void loseResponseChargesThenClosesTheConnectionWithoutAnAnswer() {
        ProviderSettings settings = ProviderSettings.embedded().withStorage(Storage.directory(data));
        PaymentProvider lossy = providers.start(settings.withFaults(Faults.parse("lose-response:1")));
        ApiClient client = Providers.client(lossy);

        UncheckedIOException raw = assertThrows(UncheckedIOException.class, () -> client.postRaw(CHARGES,
                body(31, 3100), List.of(RawHttp.Header.of("Idempotency-Key", "k-lost"))));
        assertTrue(raw.getCause().getMessage().contains("without an answer"), raw::toString);
        assertThrows(UncheckedIOException.class, () -> client.post(CHARGES, body(31, 3100), "k-lost"));

        List<JsonNode> charges = charges(lossy);
        assertEquals(1, charges.size(), "the charge is made once, its answers lost: " + charges);
        assertEquals("k-lost", charges.get(0).get("idempotencyKey").asText());
        providers.stop(lossy);

        ApiResponse retried = Providers.client(providers.start(settings)).post(CHARGES, body(31, 3100), "k-lost");
        assertEquals(200, retried.status(), retried::toString);
        assertEquals(Optional.of("true"), retried.header("Idempotent-Replayed"));
        assertEquals(charges.get(0), retried.json());
    }

    @Test
    void failBeforeAnswers503AndStoresNothing() throws Exception {
        try (WebhookReceiver shop = WebhookReceiver.failingFirst(0)) {
            PaymentProvider provider = providers.start(ProviderSettings.embedded()
                    .withWebhook(WebhookTarget.parse(shop.url("provider:provider")))
                    .withFaults(Faults.parse("fail-before:1")));

            ApiResponse failed = Providers.client(provider).post(CHARGES, body(32, 100), "k-fail");

            assertEquals(503, failed.status(), failed::toString);
            assertEquals("provider_unavailable", errorCode(failed));
            assertEquals(List.of(), charges(provider));
            assertEquals(List.of("0"), rows(provider, "SELECT COUNT(*) FROM webhook_deliveries"));
        }
    }

    @Test
    void failBeforeDoesNotHideABadRequest() {
        PaymentProvider provider = providers.start(ProviderSettings.embedded()
                .withFaults(Faults.parse("fail-before:1")));

        ApiResponse refused = Providers.client(provider).post(CHARGES, body(32, 100));

        assertEquals(400, refused.status(), refused::toString);
        assertEquals("idempotency_key_missing", errorCode(refused));
    }

    @Test
    void delayAnswersLateAfterCharging() throws Exception {
        PaymentProvider provider = providers.start(ProviderSettings.embedded()
                .withFaults(Faults.parse("delay-ms:1500")));
        HttpRequest impatient = HttpRequest.newBuilder(provider.baseUri().resolve(CHARGES))
                .timeout(Duration.ofMillis(200))
                .header("Idempotency-Key", "k-late")
                .POST(HttpRequest.BodyPublishers.ofString(body(33, 100)))
                .build();

        assertThrows(HttpTimeoutException.class, () -> HttpClient.newHttpClient().send(impatient,
                HttpResponse.BodyHandlers.ofString()));
        assertEquals(1, charges(provider).size(), "charged before the late answer");

        ApiResponse patient = Providers.client(provider).post(CHARGES, body(33, 100), "k-late");
        assertEquals(200, patient.status(), patient::toString);
        assertEquals(Optional.of("true"), patient.header("Idempotent-Replayed"));
    }

    @Test
    void webhookTwiceDeliversTheSameWebhookTwice() throws Exception {
        try (WebhookReceiver shop = WebhookReceiver.failingFirst(0)) {
            PaymentProvider provider = providers.start(ProviderSettings.embedded()
                    .withWebhook(WebhookTarget.parse(shop.url("provider:provider")))
                    .withFaults(Faults.parse("webhook-twice:1")));

            JsonNode charge = Providers.client(provider).post(CHARGES, body(34, 100), "k-twice").json();

            List<WebhookReceiver.Received> accepted = shop.awaitAccepted(2);
            String expected = "{\"channelTxnId\":\"" + charge.get("id").asText()
                    + "\",\"orderId\":34,\"amount\":100,\"status\":\"SUCCESS\"}";
            assertEquals(List.of(expected, expected), accepted.stream().map(WebhookReceiver.Received::body).toList());
            assertEquals(List.of("1", "2"), rows(provider, "SELECT copy_number FROM webhook_deliveries ORDER BY id"));
        }
    }

    @Test
    void theSameSeedDrawsTheSameFaults() throws IOException {
        Faults faults = Faults.parse("fail-before:0.5");

        List<Integer> first = statuses(providers.start(ProviderSettings.embedded().withFaults(faults).withSeed(42)));
        List<Integer> second = statuses(providers.start(ProviderSettings.embedded().withFaults(faults).withSeed(42)));

        assertEquals(first, second);
        assertTrue(first.contains(200) && first.contains(503), first::toString);
    }

    private static List<Integer> statuses(PaymentProvider provider) {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            statuses.add(Providers.client(provider).post(CHARGES, body(35, 100 + i), "k-seed-" + i).status());
        }
        return statuses;
    }
}
