package io.idempo.runtime;

import java.time.Duration;
import java.util.Optional;

/**
 * The ambient request context: the client key and principal of the request being served, how long the client
 * is willing to wait for an in-flight first call ({@code Prefer: wait=N}), and whether the answer was a replay.
 * The Jakarta adapter opens one per HTTP request from the {@code Idempotency-Key} header and the security
 * context; plain Java callers (message listeners, jobs) can open one themselves.
 *
 * <pre>{@code
 * try (IdempotencyContext.Scope ignored = IdempotencyContext.open(messageId, tenant)) {
 *     service.handle(message);
 * }
 * }</pre>
 */
public final class IdempotencyContext {

    private static final ThreadLocal<IdempotencyContext> CURRENT = new ThreadLocal<>();

    private final String key;
    private final String principal;
    private final Duration requestedWait;
    private volatile boolean replayed;

    private IdempotencyContext(String key, String principal, Duration requestedWait) {
        this.key = key;
        this.principal = principal;
        this.requestedWait = requestedWait;
    }

    /** Closing it restores the context that was current before. */
    public interface Scope extends AutoCloseable {

        /** Whether any idempotent call in this scope was answered with a stored outcome. */
        boolean replayed();

        @Override
        void close();
    }

    /** Makes {@code key} and {@code principal} (either may be null) current until the scope is closed. */
    public static Scope open(String key, String principal) {
        return open(key, principal, null);
    }

    /** As {@link #open(String, String)}, with the time the client asked to wait ({@code Prefer: wait}), or null. */
    public static Scope open(String key, String principal, Duration requestedWait) {
        IdempotencyContext previous = CURRENT.get();
        IdempotencyContext context = new IdempotencyContext(key, principal, requestedWait);
        CURRENT.set(context);
        return new Scope() {
            @Override
            public boolean replayed() {
                return context.replayed;
            }

            @Override
            public void close() {
                if (previous == null) {
                    CURRENT.remove();
                } else {
                    CURRENT.set(previous);
                }
            }
        };
    }

    /** The current request's client key, if the request carried one. */
    public static Optional<String> currentKey() {
        IdempotencyContext context = CURRENT.get();
        return context == null ? Optional.empty() : Optional.ofNullable(context.key);
    }

    /** The current request's principal name, if any. */
    public static Optional<String> currentPrincipal() {
        IdempotencyContext context = CURRENT.get();
        return context == null ? Optional.empty() : Optional.ofNullable(context.principal);
    }

    /** How long the current request's client asked to wait for an in-flight first call, if it said. */
    static Optional<Duration> requestedWait() {
        IdempotencyContext context = CURRENT.get();
        return context == null ? Optional.empty() : Optional.ofNullable(context.requestedWait);
    }

    /** Records that the current request was answered with a stored outcome. */
    static void markReplayed() {
        IdempotencyContext context = CURRENT.get();
        if (context != null) {
            context.replayed = true;
        }
    }
}
