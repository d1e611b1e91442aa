package io.idempo.benchmarks;

import io.idempo.opentelemetry.OpenTelemetryMetrics;
import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.exporter.prometheus.PrometheusMetricReader;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the engine pays per call to report it ({@code IdempotencyMetrics.callEnded}: one counter increment and one
 * histogram record), measured alone because it is far below the engine benchmark's noise: nothing
 * ({@code none}), the OpenTelemetry API without an SDK ({@code api}: its no-op instruments), and an SDK with the
 * example's Prometheus reader ({@code sdk}).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar MetricsRecordingBenchmark -prof gc</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class MetricsRecordingBenchmark {

    @Param({"none", "api", "sdk"})
    public String metrics;

    private OpenTelemetrySdk sdk;
    private IdempotencyMetrics recording;
    private long nanos = 1;

    /** An SDK with the pull reader the example serves {@code /metrics} from, never scraped while measuring. */
    static OpenTelemetrySdk sdk() {
        return OpenTelemetrySdk.builder()
                .setMeterProvider(SdkMeterProvider.builder()
                        .registerMetricReader(PrometheusMetricReader.builder().build())
                        .build())
                .build();
    }

    @Setup(Level.Trial)
    public void setUp() {
        recording = switch (metrics) {
            case "none" -> IdempotencyMetrics.NONE;
            case "api" -> new OpenTelemetryMetrics(OpenTelemetry.noop());
            case "sdk" -> {
                sdk = sdk();
                yield new OpenTelemetryMetrics(sdk);
            }
            default -> throw new IllegalArgumentException(metrics);
        };
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (recording instanceof OpenTelemetryMetrics opened) {
            opened.close();
        }
        if (sdk != null) {
            sdk.close();
        }
    }

    /** A replay's report: the common case, under a fixed action; the duration varies so that buckets vary. */
    @Benchmark
    public void callEnded() {
        nanos = nanos * 31 % 50_000_000 + 1;
        recording.callEnded("bench.orders.create", CallOutcome.REPLAYED, nanos);
    }
}
