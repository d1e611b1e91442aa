package io.idempo.opentelemetry;

import io.idempo.runtime.spi.TraceIds;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import java.util.Optional;

/**
 * The trace id of the OpenTelemetry span current on the caller's thread, for the outcome line
 * ({@code IdempotencyEngine.builder().traceIds(new OpenTelemetryTraceIds())}). It reads the API's context only, so it
 * finds the span of whatever set it: the application's SDK, a server's MicroProfile Telemetry, the Java agent.
 */
public final class OpenTelemetryTraceIds implements TraceIds {

    @Override
    public Optional<String> current() {
        SpanContext context = Span.current().getSpanContext();
        return context.isValid() ? Optional.of(context.getTraceId()) : Optional.empty();
    }
}
