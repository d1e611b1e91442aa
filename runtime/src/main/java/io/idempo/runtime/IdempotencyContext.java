package io.idempo.runtime;

import java.util.Optional;

/**
 * The ambient request context: the client key and principal of the request being served, which the Jakarta
 * adapter fills from the {@code Idempotency-Key} header and the security context for the duration of a request.
 * Plain Java callers (message listeners, jobs) can open one themselves.
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

    private IdempotencyContext(String key, String principal) {
        this.key = key;
        this.principal = principal;
    }

    /** Restores the previous context when closed. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /** Makes {@code key} and {@code principal} (either may be null) current until the scope is closed. */
    public static Scope open(String key, String principal) {
        IdempotencyContext previous = CURRENT.get();
        CURRENT.set(new IdempotencyContext(key, principal));
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
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
}
