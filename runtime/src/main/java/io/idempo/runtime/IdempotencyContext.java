package io.idempo.runtime;

import io.idempo.runtime.spi.CallOutcome;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

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
    private Decision decision;
    private int decisions;

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

    /**
     * The idempotent call that decided a request's answer: its key, its outcome (a first call or a replay), its TTL,
     * and when it ran its method, whether its transaction committed (known once it ended).
     */
    public record Decision(RecordKey key, CallOutcome outcome, Duration ttl, CompletionStage<Boolean> committed) {
    }

    /** Closing it restores the context that was current before. */
    public interface Scope extends AutoCloseable {

        /** Whether any idempotent call in this scope was answered with a stored outcome. */
        boolean replayed();

        /**
         * The call that decided this scope's answer, when exactly one idempotent call ended in it as a first call or a
         * replay; empty when none did, or several (the answer is then no single call's).
         */
        Optional<Decision> decision();

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
            public Optional<Decision> decision() {
                synchronized (context) {
                    return context.decisions == 1 ? Optional.of(context.decision) : Optional.empty();
                }
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

    /** Whether an entry point opened a context on this thread, which may want to know how its request was decided. */
    static boolean isOpen() {
        return CURRENT.get() != null;
    }

    /** Records the call that decided the current request's answer (see {@link Scope#decision()}). */
    static void decided(Decision decided) {
        current().ifPresent(context -> {
            synchronized (context) {
                context.decision = decided;
                context.decisions++;
            }
        });
    }

    private static Optional<IdempotencyContext> current() {
        return Optional.ofNullable(CURRENT.get());
    }
}
