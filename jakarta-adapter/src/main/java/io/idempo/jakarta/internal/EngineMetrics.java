package io.idempo.jakarta.internal;

import io.idempo.opentelemetry.OpenTelemetryMetrics;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.CDI;
import java.lang.System.Logger.Level;

/**
 * Where the engine's metrics go, chosen once at start: through the application's {@code OpenTelemetry} CDI bean
 * when there is exactly one, else through {@code GlobalOpenTelemetry} when the application set it before it started,
 * else nowhere. {@code GlobalOpenTelemetry} is only read when it is set: reading it unset would install a no-op global
 * for the whole class loader, which the application could then no longer replace.
 */
final class EngineMetrics implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(EngineMetrics.class.getName());

    private final IdempotencyMetrics metrics;
    private final AutoCloseable closer;
    private final String description;

    private EngineMetrics(IdempotencyMetrics metrics, AutoCloseable closer, String description) {
        this.metrics = metrics;
        this.closer = closer;
        this.description = description;
    }

    static EngineMetrics open(boolean enabled) {
        if (!enabled) {
            return off("off (" + AdapterConfig.METRICS_ENABLED + "=false)");
        }
        try {
            return fromTheApplication();
        } catch (LinkageError e) {
            // The adapter ships the API it needs, but a server may show the application an older one of its own
            // instead: Payara Micro 6 exports OpenTelemetry 1.29 and loads a WAR's classes parent first.
            LOG.log(Level.WARNING, "idempo metrics are off: the OpenTelemetry API the application sees is older than"
                    + " the 1.32 that they need; on Payara, load the application's own classes first"
                    + " (<class-loader delegate=\"false\"/> in payara-web.xml) ({0})", e.toString());
            return off("off (OpenTelemetry API too old)");
        }
    }

    private static EngineMetrics fromTheApplication() {
        Instance<OpenTelemetry> beans = CDI.current().select(OpenTelemetry.class);
        if (beans.isResolvable()) {
            return through(beans.get(), "OpenTelemetry (the application's OpenTelemetry bean)");
        }
        if (GlobalOpenTelemetry.isSet()) {
            return through(GlobalOpenTelemetry.get(), "OpenTelemetry (GlobalOpenTelemetry)");
        }
        return off("off (no OpenTelemetry bean, GlobalOpenTelemetry not set)");
    }

    private static EngineMetrics through(OpenTelemetry openTelemetry, String description) {
        OpenTelemetryMetrics metrics = new OpenTelemetryMetrics(openTelemetry);
        return new EngineMetrics(metrics, metrics, description);
    }

    private static EngineMetrics off(String why) {
        return new EngineMetrics(IdempotencyMetrics.NONE, () -> { }, why);
    }

    IdempotencyMetrics metrics() {
        return metrics;
    }

    /** For the start-up line: where the metrics go, or why they are off. */
    String description() {
        return description;
    }

    /** Stops the observed instruments' callbacks, so that a provider that outlives the application lets it go. */
    @Override
    public void close() {
        try {
            closer.close();
        } catch (Exception e) {
            LOG.log(Level.WARNING, "idempo metrics did not close cleanly", e);
        }
    }
}
