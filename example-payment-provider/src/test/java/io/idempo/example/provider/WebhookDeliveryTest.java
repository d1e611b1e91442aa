package io.idempo.example.provider;

import static io.idempo.example.provider.Providers.CHARGES;
import static io.idempo.example.provider.Providers.body;
import static io.idempo.example.provider.Providers.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.idempo.testing.net.LoopbackPorts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Webhooks after each charge, at least once: sent again while the receiver answers non-2xx or cannot be reached,
 * still sent after the provider restarts, and given up after the backoff's bound. Asserted on what the receiver got
 * and on the provider's delivery rows.
 */
class WebhookDeliveryTest {

    private static final WebhookBackoff FAST = new WebhookBackoff(Duration.ofMillis(20), Duration.ofMillis(100),
            Duration.ofHours(1));
    private static final String DELIVERIES = "SELECT state, attempts FROM webhook_deliveries ORDER BY id";

    @RegisterExtension
    final Providers providers = new Providers();

    @TempDir
    Path data;

    @Test
    void aWebhookIsSentAgainUntilItIsAnswered2xx() throws Exception {
        try (WebhookReceiver shop = WebhookReceiver.failingFirst(3)) {
            PaymentProvider provider = providers.start(ProviderSettings.embedded().withBackoff(FAST)
                    .withWebhook(WebhookTarget.parse(shop.url("provider:s3cret"))));

            JsonNode charge = Providers.client(provider).post(CHARGES, body(21, 4200), "k-webhook").json();

            shop.awaitAccepted(1);
            List<WebhookReceiver.Received> received = shop.received();
            assertEquals(List.of(503, 503, 503, 200), received.stream().map(WebhookReceiver.Received::status).toList());
            String expected = "{\"channelTxnId\":\"" + charge.get("id").asText()
                    + "\",\"orderId\":21,\"amount\":4200,\"status\":\"SUCCESS\"}";
            String basic = "Basic " + Base64.getEncoder().encodeToString("provider:s3cret".getBytes(
                    StandardCharsets.UTF_8));
            for (WebhookReceiver.Received webhook : received) {
                assertEquals(expected, webhook.body());
                assertEquals(basic, webhook.authorization());
                assertEquals("application/json", webhook.contentType());
            }
            awaitRows(provider, List.of("DELIVERED|4"));
        }
    }

    @Test
    void aReceiverThatCannotBeReachedIsTriedAgainUntilItIsUp() throws Exception {
        int port = LoopbackPorts.free();
        PaymentProvider provider = providers.start(ProviderSettings.embedded().withBackoff(FAST)
                .withWebhook(WebhookTarget.parse(WebhookReceiver.url("provider:provider", port))));

        Providers.client(provider).post(CHARGES, body(22, 100), "k-unreachable");
        Eventually.until(() -> attempts(provider) >= 3, Duration.ofSeconds(20), () -> rows(provider, DELIVERIES)
                .toString());
        assertTrue(rows(provider, "SELECT last_outcome FROM webhook_deliveries").get(0).contains("ConnectException"),
                () -> rows(provider, "SELECT last_outcome FROM webhook_deliveries").toString());

        try (WebhookReceiver shop = WebhookReceiver.on(port)) {
            shop.awaitAccepted(1);
            Eventually.until(() -> rows(provider, "SELECT state FROM webhook_deliveries").equals(List.of("DELIVERED")),
                    Duration.ofSeconds(20), () -> rows(provider, DELIVERIES).toString());
        }
    }

    @Test
    void aPendingWebhookIsSentAfterTheProviderRestarts() throws Exception {
        int port = LoopbackPorts.free();
        ProviderSettings settings = ProviderSettings.embedded().withStorage(Storage.directory(data))
                .withBackoff(FAST).withWebhook(WebhookTarget.parse(WebhookReceiver.url("provider:provider", port)));
        PaymentProvider before = providers.start(settings);
        JsonNode charge = Providers.client(before).post(CHARGES, body(23, 2300), "k-pending").json();
        Eventually.until(() -> attempts(before) >= 1, Duration.ofSeconds(20), () -> rows(before, DELIVERIES)
                .toString());
        providers.stop(before);

        try (WebhookReceiver shop = WebhookReceiver.on(port)) {
            PaymentProvider after = providers.start(settings);

            List<WebhookReceiver.Received> accepted = shop.awaitAccepted(1);
            assertEquals("{\"channelTxnId\":\"" + charge.get("id").asText()
                    + "\",\"orderId\":23,\"amount\":2300,\"status\":\"SUCCESS\"}", accepted.get(0).body());
            Eventually.until(() -> rows(after, "SELECT state FROM webhook_deliveries").equals(List.of("DELIVERED")),
                    Duration.ofSeconds(20), () -> rows(after, DELIVERIES).toString());
        }
    }

    @Test
    void aWebhookIsAbandonedOnceTheBackoffGivesUp() throws Exception {
        try (WebhookReceiver shop = WebhookReceiver.failingFirst(Integer.MAX_VALUE)) {
            PaymentProvider provider = providers.start(ProviderSettings.embedded()
                    .withBackoff(new WebhookBackoff(Duration.ofMillis(20), Duration.ofMillis(40),
                            Duration.ofMillis(300)))
                    .withWebhook(WebhookTarget.parse(shop.url("provider:provider"))));

            Providers.client(provider).post(CHARGES, body(24, 100), "k-abandoned");

            Eventually.until(() -> rows(provider, "SELECT state FROM webhook_deliveries").equals(
                    List.of("ABANDONED")), Duration.ofSeconds(20), () -> rows(provider, DELIVERIES).toString());
            int attempts = attempts(provider);
            assertTrue(attempts >= 3, "attempts: " + attempts);
            assertEquals(attempts, shop.received().size(), "every attempt reached the receiver, none after");
        }
    }

    @Test
    void replaysAndRefusedRequestsSendNoWebhook() throws Exception {
        try (WebhookReceiver shop = WebhookReceiver.failingFirst(0)) {
            PaymentProvider provider = providers.start(ProviderSettings.embedded().withBackoff(FAST)
                    .withWebhook(WebhookTarget.parse(shop.url("provider:provider"))));

            Providers.client(provider).post(CHARGES, body(25, 100), "k-once");
            Providers.client(provider).post(CHARGES, body(25, 100), "k-once");
            Providers.client(provider).post(CHARGES, body(25, 999), "k-once");
            Providers.client(provider).post(CHARGES, "{}", "k-bad");

            assertEquals(List.of("1"), rows(provider, "SELECT COUNT(*) FROM webhook_deliveries"));
            shop.awaitAccepted(1);
        }
    }

    @Test
    void withoutAWebhookUrlThereAreNoWebhooks() {
        PaymentProvider provider = providers.start(ProviderSettings.embedded());

        Providers.client(provider).post(CHARGES, body(26, 100), "k-silent");

        assertEquals(List.of("0"), rows(provider, "SELECT COUNT(*) FROM webhook_deliveries"));
    }

    private static int attempts(PaymentProvider provider) {
        List<String> attempts = rows(provider, "SELECT attempts FROM webhook_deliveries");
        return attempts.isEmpty() ? 0 : Integer.parseInt(attempts.get(0));
    }

    private static void awaitRows(PaymentProvider provider, List<String> expected) {
        Eventually.until(() -> rows(provider, DELIVERIES).equals(expected), Duration.ofSeconds(20),
                () -> rows(provider, DELIVERIES).toString());
    }
}
