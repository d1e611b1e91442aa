package io.idempo.example.telemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.prometheus.PrometheusMetricReader;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.resources.Resource;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The application's OpenTelemetry: the SDK with a Prometheus reader, which {@link MetricsServlet} serves at
 * {@code /metrics}. It is a CDI bean of the application, which is how the Jakarta adapter finds it and reports the
 * engine's metrics to it; it is never installed as {@code GlobalOpenTelemetry}, so nothing of it outlives the
 * application. Payara Micro 6's own MicroProfile Telemetry traces only (it has no metrics), hence the SDK here.
 */
@ApplicationScoped
public class Telemetry {

    private static final PrometheusTextFormatWriter TEXT = PrometheusTextFormatWriter.create();

    private final PrometheusMetricReader prometheus = PrometheusMetricReader.builder().build();
    private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setMeterProvider(SdkMeterProvider.builder()
                    .setResource(Resource.getDefault().merge(Resource.create(
                            Attributes.builder().put("service.name", "idempo-example").build())))
                    .registerMetricReader(prometheus)
                    .build())
            .build();

    @Produces
    @ApplicationScoped
    OpenTelemetry openTelemetry() {
        return sdk;
    }

    /** The media type of {@link #scrape}: Prometheus text format 0.0.4. */
    String contentType() {
        return TEXT.getContentType();
    }

    /** Everything the meters recorded until now, in the Prometheus text format. */
    void scrape(OutputStream out) throws IOException {
        TEXT.write(out, prometheus.collect());
    }

    @PreDestroy
    void close() {
        sdk.close();
    }
}
