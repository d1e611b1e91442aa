package io.idempo.runtime.spi;

import java.util.Optional;

/**
 * Where the outcome line finds the trace a call runs in ({@code trace=}), so that an operator can go from the line
 * to the trace. The engine is given one through its builder; idempo-opentelemetry has the OpenTelemetry one (the
 * current span's trace id). Called on the caller's thread for every outcome line; must be cheap and must not throw.
 */
@FunctionalInterface
public interface TraceIds {

    /** No trace: the outcome line carries no {@code trace=}. The default. */
    TraceIds NONE = Optional::empty;

    /** The id of the trace current on this thread, if one is. */
    Optional<String> current();
}
