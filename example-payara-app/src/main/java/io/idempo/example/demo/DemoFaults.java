package io.idempo.example.demo;

import io.idempo.example.config.ExampleSettings;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;

/**
 * Demo-only fault switches, honoured only when the server was started with {@code IDEMPO_DEMO_FAULTS=true}
 * (otherwise the headers are ignored):
 * <ul>
 *   <li>{@code X-Demo-Fail: after-write}: the business method throws after its write, so the transaction, the
 *       write and the idempotency record roll back together, and a retry with the same key runs again.</li>
 *   <li>{@code X-Demo-Delay-Ms: N}: the business method sleeps N ms (at most 60 s) after its write, while it
 *       holds the key, so that a duplicate arriving meanwhile meets a call in progress. With both headers it sleeps
 *       first and then fails: a call that holds the key and rolls back while duplicates wait for it.</li>
 *   <li>{@code X-Demo-Delay-After-Commit-Ms: N}: the answer waits N ms after the commit
 *       ({@link DemoDelayAfterCommit}).</li>
 * </ul>
 * A message (RabbitMQ, JMS) carries the first two as headers of the same names in lower case
 * ({@code x-demo-fail: after-write}), which its handler hands over with {@link #readFrom(Map)}: the same switches
 * over every door.
 */
@RequestScoped
public class DemoFaults {

    public static final String FAIL_HEADER = "X-Demo-Fail";
    public static final String DELAY_HEADER = "X-Demo-Delay-Ms";
    public static final String AFTER_WRITE = "after-write";
    static final long MAX_DELAY_MS = 60_000;

    private static final Logger LOG = Logger.getLogger("io.idempo.example.demo");

    @Inject
    HttpServletRequest request;

    /** Where the switches are read: the HTTP request's headers unless a message's were handed over. */
    private UnaryOperator<String> headers;

    /** Throws {@link DemoFailureException} if this request asked for a failure after the write. */
    public void afterWrite() {
        if (enabled() && AFTER_WRITE.equalsIgnoreCase(header(FAIL_HEADER))) {
            LOG.info("demo fault: failing after the write, as X-Demo-Fail asked");
            throw new DemoFailureException("Demo failure after the write (X-Demo-Fail: after-write)");
        }
    }

    /** Sleeps if this request asked for a delay. */
    public void delayBeforeReturn() {
        if (!enabled()) {
            return;
        }
        long delay = delayMillis(header(DELAY_HEADER));
        if (delay > 0) {
            LOG.info(() -> "demo fault: delaying the return by " + delay + " ms, as X-Demo-Delay-Ms asked");
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static long delayMillis(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            return Math.max(0, Math.min(MAX_DELAY_MS, Long.parseLong(value.strip())));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static boolean enabled() {
        return ExampleSettings.current().demoFaults();
    }

    /**
     * Reads the switches from a message's headers (names in lower case) instead of the HTTP request, for the rest of
     * this request scope: a message handler calls it before the business method.
     */
    public void readFrom(Map<String, ?> messageHeaders) {
        headers = name -> {
            Object value = messageHeaders.get(name.toLowerCase(Locale.ROOT));
            return value == null ? null : value.toString();
        };
    }

    private String header(String name) {
        return headers != null ? headers.apply(name) : request.getHeader(name);
    }
}
