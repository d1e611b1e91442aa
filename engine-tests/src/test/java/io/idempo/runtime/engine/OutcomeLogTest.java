package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.IdempotencyKeyReusedException;
import io.idempo.runtime.engine.Shop.OrderRequest;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;
import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Logs name the key, the action and the outcome, one line per call, and never a request or response value. */
class OutcomeLogTest {

    private CapturedLines outcomes;
    private List<String> lines;

    @BeforeEach
    void capture() {
        outcomes = CapturedLines.of("io.idempo.outcome");
        lines = outcomes.lines();
    }

    @AfterEach
    void release() {
        outcomes.close();
    }

    @Test
    void firstReplayAndKeyReusedAreToldApart() throws Exception {
        try (EngineHarness harness = new EngineHarness(EngineDatabase.H2, ClaimMode.IN_MEMORY)) {
            String key = "log-" + UUID.randomUUID();
            OrderRequest request = new OrderRequest(1001, 2, new BigDecimal("123.45"));
            harness.placeInTransaction(request, key);
            harness.placeInTransaction(request, key);
            assertThrows(IdempotencyKeyReusedException.class,
                    () -> harness.placeInTransaction(new OrderRequest(1001, 3, new BigDecimal("123.45")), key));
            List<String> ours = lines.stream().filter(line -> line.contains(key)).toList();
            assertEquals(3, ours.size(), () -> "one line per call: " + lines);
            assertTrue(ours.get(0).contains("action=orders.create") && ours.get(0).contains("outcome=first"),
                    ours.get(0));
            assertTrue(ours.get(1).contains("outcome=replayed"), ours.get(1));
            assertTrue(ours.get(2).contains("outcome=key_reused"), ours.get(2));
            assertFalse(String.join("\n", ours).contains("123.45"), "request values never reach the log");
            assertTrue(ours.stream().allMatch(line -> line.contains(" request=- ")), "no request id: " + ours);
        }
    }

    @Test
    void theLineNamesTheRequestIdOfItsContext() throws Exception {
        try (EngineHarness harness = new EngineHarness(EngineDatabase.H2, ClaimMode.IN_MEMORY)) {
            String key = "log-" + UUID.randomUUID();
            OrderRequest request = new OrderRequest(1002, 1, new BigDecimal("5.00"));
            for (String requestId : List.of("req-first-1", "req-retry-2")) {
                try (IdempotencyContext.Scope ignored = IdempotencyContext.open(
                        IdempotencyContext.Request.of(null, "alice").withRequestId(requestId))) {
                    harness.placeInTransaction(request, key);
                }
            }
            List<String> ours = lines.stream().filter(line -> line.contains(key)).toList();
            assertEquals(2, ours.size(), () -> "one line per call: " + lines);
            assertTrue(ours.get(0).contains(" request=req-first-1 outcome=first "), ours.get(0));
            assertTrue(ours.get(1).contains(" request=req-retry-2 outcome=replayed "), ours.get(1));
        }
    }

    @Test
    void theLineNamesTheTraceOfTheCurrentSpanWhenThereIsOne() throws Exception {
        String traceId = "0af7651916cd43dd8448eb211c80319c";
        SpanContext span = SpanContext.create(traceId, "b7ad6b7169203331", TraceFlags.getSampled(),
                TraceState.getDefault());
        try (EngineHarness harness = new EngineHarness(EngineDatabase.H2, ClaimMode.IN_MEMORY)) {
            String key = "log-" + UUID.randomUUID();
            OrderRequest request = new OrderRequest(1003, 1, new BigDecimal("6.00"));
            try (Scope ignored = Span.wrap(span).makeCurrent()) {
                harness.placeInTransaction(request, key);
            }
            harness.placeInTransaction(request, key);
            List<String> ours = lines.stream().filter(line -> line.contains(key)).toList();
            assertEquals(2, ours.size(), () -> "one line per call: " + lines);
            assertTrue(ours.get(0).endsWith(" outcome=first source=database trace=" + traceId), ours.get(0));
            assertFalse(ours.get(1).contains("trace="), "no span, no trace: " + ours.get(1));
        }
    }
}
