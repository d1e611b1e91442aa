package io.idempo.opentelemetry;

import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.ClaimStoreHealth;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableLongCounter;
import io.opentelemetry.api.metrics.ObservableLongGauge;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine's metrics through the OpenTelemetry API (1.32 or later), named by OpenTelemetry's conventions; the
 * application's SDK exports them (Prometheus, OTLP). Without an SDK the API is a no-op and this costs nothing.
 *
 * <ul>
 *   <li>{@code idempotency.requests}, counter: calls by {@code idempotency.action} and {@code idempotency.outcome}
 *       ({@link CallOutcome#label()}: first, replayed, in_progress, key_reused, failed, stored_failure, busy);</li>
 *   <li>{@code idempotency.duration}, histogram in seconds, by the same two attributes: the engine's time from
 *       entry to answer, the method's own run included;</li>
 *   <li>{@code idempotency.store.errors}, counter by {@code idempotency.store}: {@code claim} (the claim store's
 *       failed operations: errors and timeouts) and {@code record} (the database refused or could not be
 *       reached);</li>
 *   <li>{@code idempotency.claim_store.circuit}, gauge: the claim store's circuit, 0 closed (calls use it), 1
 *       half-open (one probe finds out whether it is back), 2 open (calls skip it; the database decides alone);</li>
 *   <li>{@code idempotency.records.stuck}, gauge: the stuck records the last purge run counted (none reported
 *       before the first).</li>
 * </ul>
 *
 * <p>No attribute ever carries a key, a scope, a principal or a request value: the action is a fixed name from the
 * code, so the number of series is bounded by actions times outcomes. {@link #close()} removes the callbacks of the
 * observed instruments, so that an application's classes are not kept by a provider that outlives it.
 */
public final class OpenTelemetryMetrics implements IdempotencyMetrics, AutoCloseable {

    /** The instrumentation scope of every instrument. */
    public static final String SCOPE = "io.idempo";

    static final AttributeKey<String> ACTION = AttributeKey.stringKey("idempotency.action");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("idempotency.outcome");
    static final AttributeKey<String> STORE = AttributeKey.stringKey("idempotency.store");

    /**
     * From a claim-store replay (well under a millisecond) to a first call that runs a slow method: the default
     * buckets of OpenTelemetry (0 to 10 000) are meant for milliseconds.
     */
    static final List<Double> DURATION_BUCKETS = List.of(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
            0.25, 0.5, 1.0, 2.5, 5.0, 10.0);

    private static final Attributes CLAIM_STORE = Attributes.of(STORE, "claim");
    private static final Attributes RECORD_STORE = Attributes.of(STORE, "record");

    private final LongCounter requests;
    private final DoubleHistogram duration;
    private final ObservableLongCounter storeErrors;
    private final ObservableLongGauge circuit;
    private final ObservableLongGauge stuckRecords;
    private final AtomicLong recordStoreFailures = new AtomicLong();
    /** -1 until a purge run counted them. */
    private final AtomicLong stuckRecordCount = new AtomicLong(-1);
    private volatile ClaimStoreHealth claimStore;
    /** Per action, the attributes of each outcome (by ordinal): built once, so that a call allocates none. */
    private final Map<String, Attributes[]> attributes = new ConcurrentHashMap<>();

    /** Instruments from {@code openTelemetry}'s meter provider, in the scope {@value #SCOPE}. */
    public OpenTelemetryMetrics(OpenTelemetry openTelemetry) {
        this(openTelemetry.getMeter(SCOPE));
    }

    public OpenTelemetryMetrics(Meter meter) {
        requests = meter.counterBuilder("idempotency.requests")
                .setDescription("Idempotent calls, by action and outcome")
                .setUnit("{request}")
                .build();
        duration = meter.histogramBuilder("idempotency.duration")
                .setDescription("Time an idempotent call spent in the engine, from entry to answer")
                .setUnit("s")
                .setExplicitBucketBoundariesAdvice(DURATION_BUCKETS)
                .build();
        storeErrors = meter.counterBuilder("idempotency.store.errors")
                .setDescription("Failed operations of the claim store and the record store")
                .setUnit("{error}")
                .buildWithCallback(measurement -> {
                    ClaimStoreHealth health = claimStore;
                    if (health != null) {
                        measurement.record(health.failures(), CLAIM_STORE);
                    }
                    measurement.record(recordStoreFailures.get(), RECORD_STORE);
                });
        circuit = meter.gaugeBuilder("idempotency.claim_store.circuit")
                .setDescription("The claim store's circuit: 0 closed, 1 half-open, 2 open")
                .ofLongs()
                .buildWithCallback(measurement -> {
                    ClaimStoreHealth health = claimStore;
                    if (health != null) {
                        measurement.record(circuitValue(health.circuit()));
                    }
                });
        stuckRecords = meter.gaugeBuilder("idempotency.records.stuck")
                .setDescription("Records IN_PROGRESS past their lease, answering in progress until they expire")
                .setUnit("{record}")
                .ofLongs()
                .buildWithCallback(measurement -> {
                    long count = stuckRecordCount.get();
                    if (count >= 0) {
                        measurement.record(count);
                    }
                });
    }

    @Override
    public void callEnded(String action, CallOutcome outcome, long nanos) {
        Attributes labels = attributes.computeIfAbsent(action, OpenTelemetryMetrics::perOutcome)[outcome.ordinal()];
        requests.add(1, labels);
        duration.record(nanos / 1e9, labels);
    }

    @Override
    public void recordStoreFailed() {
        recordStoreFailures.incrementAndGet();
    }

    @Override
    public void observe(ClaimStoreHealth health) {
        claimStore = health;
    }

    @Override
    public void stuckRecordsCounted(long count) {
        stuckRecordCount.set(count);
    }

    /** The value of {@code idempotency.claim_store.circuit} for a state. */
    static long circuitValue(ClaimStoreHealth.Circuit state) {
        return switch (state) {
            case CLOSED -> 0;
            case HALF_OPEN -> 1;
            case OPEN -> 2;
        };
    }

    /** Stops observing: the provider no longer calls back into this instance. */
    @Override
    public void close() {
        storeErrors.close();
        circuit.close();
        stuckRecords.close();
    }

    private static Attributes[] perOutcome(String action) {
        CallOutcome[] outcomes = CallOutcome.values();
        Attributes[] labels = new Attributes[outcomes.length];
        for (CallOutcome outcome : outcomes) {
            labels[outcome.ordinal()] = Attributes.of(ACTION, action, OUTCOME, outcome.label());
        }
        return labels;
    }
}
