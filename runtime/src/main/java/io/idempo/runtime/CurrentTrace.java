package io.idempo.runtime;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import java.util.Optional;

/**
 * The trace id of the OpenTelemetry span current on this thread, for the outcome line. The OpenTelemetry API is
 * optional: whether it is on the class path is checked once, and its classes are touched only in a nested class
 * loaded when it is.
 */
final class CurrentTrace {

    private static final boolean API_PRESENT = present("io.opentelemetry.api.trace.Span");

    private CurrentTrace() {
    }

    /** The current span's trace id, when a valid span is current. */
    static Optional<String> id() {
        return API_PRESENT ? OpenTelemetrySpan.traceId() : Optional.empty();
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, CurrentTrace.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Loaded only when the API is present. */
    private static final class OpenTelemetrySpan {
        static Optional<String> traceId() {
            SpanContext context = Span.current().getSpanContext();
            return context.isValid() ? Optional.of(context.getTraceId()) : Optional.empty();
        }
    }
}
