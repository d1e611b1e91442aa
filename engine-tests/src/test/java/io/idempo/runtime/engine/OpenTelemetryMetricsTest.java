package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.opentelemetry.OpenTelemetryMetrics;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.IdempotencyKeyReusedException;
import io.idempo.runtime.engine.Shop.OrderRequest;
import io.idempo.runtime.engine.Shop.OutOfStockException;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStoreException;
import io.idempo.runtime.spi.ClaimStoreHealth;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link OpenTelemetryMetrics} exports through a real SDK (an in-memory reader) for real engine traffic: one
 * count and one duration per call under its action and outcome, the stores' errors, the circuit, and never a key.
 */
class OpenTelemetryMetricsTest {

    private static final OrderRequest REQUEST = new OrderRequest(9101, 1, new BigDecimal("4.00"));
    private static final Set<AttributeKey<?>> CALL_ATTRIBUTES = Set.of(AttributeKey.stringKey("idempotency.action"),
            AttributeKey.stringKey("idempotency.outcome"));

    private final InMemoryMetricReader reader = InMemoryMetricReader.create();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build())
            .build();
    private final OpenTelemetryMetrics metrics = new OpenTelemetryMetrics(sdk);

    @AfterEach
    void closeSdk() {
        metrics.close();
        sdk.close();
    }

    @Test
    void everyCallIsCountedAndTimedUnderItsActionAndOutcomeAndNeverItsKey() throws Exception {
        List<String> keys = new ArrayList<>();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (EngineHarness harness = new EngineHarness(EngineDatabase.H2, ClaimMode.IN_MEMORY, Duration.ZERO,
                EngineHarness.Options.DEFAULT.metrics(metrics))) {
            for (int i = 0; i < 3; i++) {
                keys.add("otel-" + UUID.randomUUID());
                harness.placeInTransaction(REQUEST, keys.get(i));
            }
            harness.placeInTransaction(REQUEST, keys.get(0));
            harness.placeInTransaction(REQUEST, keys.get(1));
            assertThrows(IdempotencyKeyReusedException.class,
                    () -> harness.placeInTransaction(new OrderRequest(9101, 2, REQUEST.amount()), keys.get(0)));
            keys.add("otel-" + UUID.randomUUID());
            assertThrows(OutOfStockException.class,
                    () -> harness.placeInTransaction(new OrderRequest(9101, 101, REQUEST.amount()), keys.get(3)));
            harness.shop.failAfterWrite = true;
            keys.add("otel-" + UUID.randomUUID());
            assertThrows(IllegalStateException.class, () -> harness.placeInTransaction(REQUEST, keys.get(4)));
            harness.shop.failAfterWrite = false;
            keys.add("otel-" + UUID.randomUUID());
            harness.shop.delay = Duration.ofSeconds(1);
            Future<?> slow = pool.submit(() -> harness.placeInTransaction(REQUEST, keys.get(5)));
            while (harness.shop.executions.get() < 6) {
                Thread.sleep(5);
            }
            assertThrows(IdempotencyInProgressException.class, () -> harness.placeInTransaction(REQUEST, keys.get(5)));
            slow.get(30, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }

        Map<String, Long> expected = Map.of("first", 4L, "replayed", 2L, "key_reused", 1L, "stored_failure", 1L,
                "failed", 1L, "in_progress", 1L);
        assertEquals(new TreeMap<>(expected), counts("idempotency.requests"));
        MetricData duration = metric("idempotency.duration");
        assertEquals("s", duration.getUnit());
        Map<String, Long> timed = new TreeMap<>();
        for (HistogramPointData point : duration.getHistogramData().getPoints()) {
            timed.put(outcome(point.getAttributes()), point.getCount());
            assertEquals(List.of(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
                    point.getBoundaries());
            assertTrue(point.getSum() > 0, point.toString());
        }
        assertEquals(new TreeMap<>(expected), timed, "one duration per call");
        assertTrue(metric("idempotency.duration").getHistogramData().getPoints().stream()
                .filter(point -> outcome(point.getAttributes()).equals("in_progress"))
                .allMatch(point -> point.getMax() < 1.0), "the duplicate was answered before the slow first call");

        for (MetricData call : List.of(metric("idempotency.requests"), duration)) {
            call.getData().getPoints().forEach(point -> {
                assertEquals(CALL_ATTRIBUTES, point.getAttributes().asMap().keySet(), point.toString());
                assertEquals("orders.create", point.getAttributes().get(AttributeKey.stringKey("idempotency.action")));
            });
        }
        String exported = reader.collectAllMetrics().toString();
        assertTrue(keys.stream().noneMatch(exported::contains), "no key reaches the metrics");
        assertEquals(Map.of("claim", 0L, "record", 0L), storeErrors());
        assertEquals(0L, circuit());
    }

    @Test
    void claimStoreFailuresTheOpenCircuitAndRecordStoreFailuresAreObserved() throws Exception {
        try (EngineHarness harness = new EngineHarness(EngineDatabase.H2, ClaimMode.REDIS_DOWN, Duration.ZERO,
                EngineHarness.Options.DEFAULT.metrics(metrics))) {
            assertEquals(0L, circuit(), "closed before any call");
            for (int i = 0; i < 3; i++) {
                harness.placeInTransaction(REQUEST, "otel-" + UUID.randomUUID());
            }
            assertEquals(2L, circuit(), "three failed claims opened the circuit");
            assertEquals(3L, storeErrors().get("claim"), "each first call tried Redis once, and never again");

            dropRecordTable(harness);
            try {
                assertThrows(RecordStoreException.class,
                        () -> harness.placeInTransaction(REQUEST, "otel-" + UUID.randomUUID()));
            } finally {
                createRecordTable(harness);
            }
            assertEquals(1L, storeErrors().get("record"));
            assertEquals(Map.of("first", 3L, "failed", 1L), counts("idempotency.requests"));
        }
    }

    @Test
    void stuckRecordsAreReportedOnceAPurgeRunCountedThem() {
        assertTrue(points("idempotency.records.stuck").isEmpty(), "nothing before the first count");
        metrics.stuckRecordsCounted(3);
        assertEquals(3L, metric("idempotency.records.stuck").getLongGaugeData().getPoints().iterator().next()
                .getValue());
        metrics.stuckRecordsCounted(0);
        assertEquals(0L, metric("idempotency.records.stuck").getLongGaugeData().getPoints().iterator().next()
                .getValue());
    }

    @Test
    void closingStopsTheObservations() {
        metrics.observe(ClaimStoreHealth.ALWAYS_HEALTHY);
        metrics.stuckRecordsCounted(1);
        assertEquals(0L, circuit());
        metrics.close();
        for (String observed : List.of("idempotency.claim_store.circuit", "idempotency.records.stuck",
                "idempotency.store.errors")) {
            assertTrue(points(observed).isEmpty(), observed);
        }
    }

    private List<?> points(String name) {
        return reader.collectAllMetrics().stream().filter(metric -> metric.getName().equals(name))
                .flatMap(metric -> metric.getData().getPoints().stream()).toList();
    }

    private MetricData metric(String name) {
        return reader.collectAllMetrics().stream().filter(metric -> metric.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + reader.collectAllMetrics()));
    }

    private Map<String, Long> counts(String name) {
        Map<String, Long> counts = new TreeMap<>();
        for (LongPointData point : metric(name).getLongSumData().getPoints()) {
            counts.put(outcome(point.getAttributes()), point.getValue());
        }
        return counts;
    }

    private Map<String, Long> storeErrors() {
        Map<String, Long> errors = new TreeMap<>();
        for (LongPointData point : metric("idempotency.store.errors").getLongSumData().getPoints()) {
            errors.put(point.getAttributes().get(AttributeKey.stringKey("idempotency.store")), point.getValue());
        }
        return errors;
    }

    private long circuit() {
        return metric("idempotency.claim_store.circuit").getLongGaugeData().getPoints().iterator().next().getValue();
    }

    private static String outcome(Attributes attributes) {
        return attributes.get(AttributeKey.stringKey("idempotency.outcome"));
    }

    private static void dropRecordTable(EngineHarness harness) throws Exception {
        run(harness, List.of("DROP TABLE " + harness.recordTable));
    }

    private static void createRecordTable(EngineHarness harness) throws Exception {
        run(harness, RecordSchema.statements(harness.database.dialect, harness.recordTable));
    }

    private static void run(EngineHarness harness, List<String> sql) throws Exception {
        try (Connection connection = harness.pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
            connection.commit();
        }
    }
}
