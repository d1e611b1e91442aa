package io.idempo.opentelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The trace id of the span current on the caller's thread, from a real SDK's tracer, and none without a span. */
class OpenTelemetryTraceIdsTest {

    @RegisterExtension
    static final OpenTelemetryExtension OPEN_TELEMETRY = OpenTelemetryExtension.create();

    private final OpenTelemetryTraceIds traceIds = new OpenTelemetryTraceIds();

    @Test
    void theCurrentSpansTraceIdWhileItIsCurrentAndNoneBeforeOrAfter() {
        Tracer tracer = OPEN_TELEMETRY.getOpenTelemetry().getTracer("test");
        assertEquals(Optional.empty(), traceIds.current(), "no span yet");
        Span span = tracer.spanBuilder("orders.create").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            assertEquals(Optional.of(span.getSpanContext().getTraceId()), traceIds.current());
        } finally {
            span.end();
        }
        assertEquals(Optional.empty(), traceIds.current(), "the span is no longer current");
    }

    @Test
    void anInvalidSpanHasNoTraceId() {
        try (Scope ignored = Span.getInvalid().makeCurrent()) {
            assertEquals(Optional.empty(), traceIds.current());
        }
    }
}
