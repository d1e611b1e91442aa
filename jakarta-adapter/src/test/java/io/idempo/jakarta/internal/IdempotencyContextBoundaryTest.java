package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotencyContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The boundary gives each request its id before anything else runs: on the answer, in a request attribute and in
 * the idempotency context for the whole request; afterwards nothing of the request stays on the thread.
 */
class IdempotencyContextBoundaryTest {

    /** A request with the given headers and the attributes set on it, and a response with the headers set on it. */
    private record Exchange(HttpServletRequest request, HttpServletResponse response, Map<String, Object> attributes,
                            Map<String, String> responseHeaders) {

        static Exchange withHeaders(Map<String, String> headers) {
            Map<String, Object> attributes = new HashMap<>();
            Map<String, String> responseHeaders = new HashMap<>();
            HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(
                    Exchange.class.getClassLoader(), new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) ->
                            switch (method.getName()) {
                                case "getHeader" -> headers.get((String) args[0]);
                                case "setAttribute" -> attributes.put((String) args[0], args[1]);
                                default -> throw new UnsupportedOperationException(method.getName());
                            });
            HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
                    Exchange.class.getClassLoader(), new Class<?>[] {HttpServletResponse.class},
                    (proxy, method, args) -> {
                        if (!method.getName().equals("setHeader")) {
                            throw new UnsupportedOperationException(method.getName());
                        }
                        return responseHeaders.put((String) args[0], (String) args[1]);
                    });
            return new Exchange(request, response, attributes, responseHeaders);
        }
    }

    private final IdempotencyContextBoundary boundary = new IdempotencyContextBoundary();

    @Test
    void aValidRequestIdIsEchoedKeptAndCurrentForTheWholeRequest() throws Exception {
        Exchange exchange = Exchange.withHeaders(Map.of("X-Request-Id", "gateway-42"));
        AtomicReference<Optional<String>> seen = new AtomicReference<>();
        boundary.doFilter(exchange.request(), exchange.response(),
                (request, response) -> seen.set(IdempotencyContext.currentRequestId()));
        assertEquals(Optional.of("gateway-42"), seen.get());
        assertEquals(Map.of("X-Request-Id", "gateway-42"), exchange.responseHeaders());
        assertEquals("gateway-42", exchange.attributes().get(IdempotencyContextBoundary.REQUEST_ID_ATTRIBUTE));
        assertEquals(Optional.empty(), IdempotencyContext.currentRequestId(), "nothing stays on the thread");
    }

    @Test
    void anInvalidOrMissingRequestIdIsReplacedAndTheReplacementEchoed() throws Exception {
        for (Map<String, String> headers : List.of(Map.of("X-Request-Id", "has space"),
                Map.<String, String>of())) {
            Exchange exchange = Exchange.withHeaders(headers);
            AtomicReference<String> seen = new AtomicReference<>();
            boundary.doFilter(exchange.request(), exchange.response(),
                    (request, response) -> seen.set(IdempotencyContext.currentRequestId().orElseThrow()));
            assertNotEquals("has space", seen.get());
            assertTrue(RequestIds.isValid(seen.get()), seen.get());
            assertEquals(seen.get(), exchange.responseHeaders().get("X-Request-Id"));
        }
    }

    @Test
    void aFailingRequestLeavesNothingOnTheThread() {
        Exchange exchange = Exchange.withHeaders(Map.of("X-Request-Id", "failing-1"));
        assertThrows(ServletException.class, () -> boundary.doFilter(exchange.request(), exchange.response(),
                (request, response) -> {
                    IdempotencyContext.open("k-12345678", "alice");
                    throw new ServletException("the application failed");
                }));
        assertEquals(Optional.empty(), IdempotencyContext.currentRequestId());
        assertEquals(Optional.empty(), IdempotencyContext.currentKey());
    }
}
