package io.idempo.runtime;

import java.time.Duration;
import java.util.Optional;

/**
 * The ambient request context: the client key and principal of the request being served, its request id, how long
 * the client is willing to wait for an in-flight first call ({@code Prefer: wait=N}), and whether the answer was a
 * replay. The Jakarta adapter opens one per HTTP request; message listeners open one per message; plain Java callers
 * can open one themselves.
 *
 * <pre>{@code
 * try (IdempotencyContext.Scope ignored = IdempotencyContext.open(messageId, consumerName)) {
 *     service.handle(message);
 * }
 * }</pre>
 *
 * <p>The context lives in a thread-local. An entry point on a pooled thread opens a {@link #boundary()} first, so
 * that whatever an earlier task left on the thread is gone before its work starts and after it ends, whichever way
 * it ends: a later request can never run under another request's key or principal.
 */
public final class IdempotencyContext {

    private static final ThreadLocal<IdempotencyContext> CURRENT = new ThreadLocal<>();

    private final Request request;
    private volatile boolean replayed;

    private IdempotencyContext(Request request) {
        this.request = request;
    }

    /**
     * What an entry point knows about the request it serves. Any part may be null.
     *
     * @param key           the client key (the {@code Idempotency-Key} header, a message id)
     * @param principal     who sent it: the scope of methods without an {@code @IdempotencyScope} parameter
     * @param requestId     the id that ties log lines and answers to this request ({@code X-Request-Id})
     * @param requestedWait how long the client asked to wait for an in-flight first call
     */
    public record Request(String key, String principal, String requestId, Duration requestedWait) {

        public static Request of(String key, String principal) {
            return new Request(key, principal, null, null);
        }

        public Request withRequestId(String id) {
            return new Request(key, principal, id, requestedWait);
        }

        public Request withRequestedWait(Duration wait) {
            return new Request(key, principal, requestId, wait);
        }
    }

    /** Closing it restores the context that was current before. */
    public interface Scope extends AutoCloseable {

        /** Whether any idempotent call in this scope was answered with a stored outcome. */
        boolean replayed();

        @Override
        void close();
    }

    /** Closing it leaves the thread without a context, as opening it did. */
    public interface Boundary extends AutoCloseable {

        @Override
        void close();
    }

    /**
     * For an entry point on a pooled thread (a servlet filter, a message listener): clears whatever context is on
     * the thread now, and clears it again when closed, whatever happened in between.
     */
    public static Boundary boundary() {
        CURRENT.remove();
        return CURRENT::remove;
    }

    /** Makes {@code key} and {@code principal} (either may be null) current until the scope is closed. */
    public static Scope open(String key, String principal) {
        return open(Request.of(key, principal));
    }

    /** Makes {@code request} current until the scope is closed. */
    public static Scope open(Request request) {
        IdempotencyContext previous = CURRENT.get();
        IdempotencyContext context = new IdempotencyContext(request);
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
        return current().map(context -> context.request.key());
    }

    /** The current request's principal name, if any. */
    public static Optional<String> currentPrincipal() {
        return current().map(context -> context.request.principal());
    }

    /** The current request's id, if its entry point gave one. */
    public static Optional<String> currentRequestId() {
        return current().map(context -> context.request.requestId());
    }

    /** How long the current request's client asked to wait for an in-flight first call, if it said. */
    static Optional<Duration> requestedWait() {
        return current().map(context -> context.request.requestedWait());
    }

    /** Records that the current request was answered with a stored outcome. */
    static void markReplayed() {
        current().ifPresent(context -> context.replayed = true);
    }

    private static Optional<IdempotencyContext> current() {
        return Optional.ofNullable(CURRENT.get());
    }
}
