package io.idempo.example.telemetry;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.opentelemetry.OpenTelemetryMetrics;
import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.ClaimStoreHealth;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The names the engine's OpenTelemetry instruments get in the Prometheus text of {@code /metrics}: what
 * docs/operations.md's queries use. The end-to-end suite counts them against real traffic.
 */
class TelemetryTest {

    @Test
    void theEnginesInstrumentsAppearUnderTheirPrometheusNames() throws Exception {
        Telemetry telemetry = new Telemetry();
        try (OpenTelemetryMetrics metrics = new OpenTelemetryMetrics(telemetry.openTelemetry())) {
            metrics.observe(ClaimStoreHealth.ALWAYS_HEALTHY);
            metrics.callEnded("orders.create", CallOutcome.FIRST, 2_000_000);
            metrics.callEnded("orders.create", CallOutcome.REPLAYED, 300_000);
            metrics.callEnded("orders.create", CallOutcome.REPLAYED, 400_000);
            metrics.recordStoreFailed();
            metrics.stuckRecordsCounted(2);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            telemetry.scrape(text);
            String scraped = text.toString(StandardCharsets.UTF_8);
            for (String line : new String[] {
                "idempotency_requests_total{idempotency_action=\"orders.create\",idempotency_outcome=\"replayed\",",
                "idempotency_requests_total{idempotency_action=\"orders.create\",idempotency_outcome=\"first\",",
                "idempotency_duration_seconds_bucket{idempotency_action=\"orders.create\",idempotency_outcome="
                        + "\"replayed\",",
                "idempotency_duration_seconds_count{idempotency_action=\"orders.create\",idempotency_outcome="
                        + "\"replayed\",",
                "idempotency_store_errors_total{idempotency_store=\"record\",",
                "idempotency_store_errors_total{idempotency_store=\"claim\",",
                "idempotency_claim_store_circuit{",
                "idempotency_records_stuck{"}) {
                assertTrue(scraped.contains(line), () -> line + " in\n" + scraped);
            }
            String replays = "(?s).*idempotency_requests_total\\{[^}]*idempotency_outcome=\"replayed\"[^}]*} 2\\.0\n.*";
            assertTrue(scraped.matches(replays), scraped);
        } finally {
            telemetry.close();
        }
    }
}
