package io.idempo.runtime;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Where the woven aspect finds the engine. Plain Java applications install one at start and close the returned
 * {@link Installation} at stop; the Jakarta adapter does both with the application's lifecycle.
 *
 * <p>One engine per class loader: the runtime jar belongs to the application ({@code WEB-INF/lib}), never to a
 * library shared by several applications of a server, which would otherwise share one engine. A second install
 * while another engine is installed is refused for that reason.
 */
public final class Idempotency {

    private static final AtomicReference<IdempotencyEngine> ENGINE = new AtomicReference<>();

    private Idempotency() {
    }

    /** Removes the engine it installed, and nothing else: closing a stale handle leaves a newer engine alone. */
    public interface Installation extends AutoCloseable {

        @Override
        void close();
    }

    /**
     * Makes {@code engine} the one {@code @Idempotent} methods run through until the returned handle is closed.
     *
     * @throws IllegalStateException when another engine is installed and its installation not closed
     */
    public static Installation install(IdempotencyEngine engine) {
        if (!ENGINE.compareAndSet(null, engine) && ENGINE.get() != engine) {
            throw new IllegalStateException("Another IdempotencyEngine is installed: close its Installation first."
                    + " In an application server, keep idempo-runtime in the application (WEB-INF/lib), not in a"
                    + " library shared by several applications");
        }
        return () -> ENGINE.compareAndSet(engine, null);
    }

    /**
     * Runs {@code work} once per key for {@code action}, without weaving: a duplicate gets the first call's result.
     * The short form of {@link IdempotentOperation}, which also sets a TTL, a lease or stored exceptions.
     *
     * <pre>{@code
     * OrderView order = Idempotency.call("orders.create", key, request, OrderView.class, () -> place(request));
     * }</pre>
     */
    public static <T> T call(String action, String key, Object fingerprintSource, Class<T> resultType,
                             IdempotentOperation.Work<T> work) throws Exception {
        return IdempotentOperation.of(action, resultType).call(key, fingerprintSource, work);
    }

    /** The installed engine; calling an {@code @Idempotent} method before one is installed is refused. */
    public static IdempotencyEngine engine() {
        IdempotencyEngine current = ENGINE.get();
        if (current == null) {
            throw new IllegalStateException("No IdempotencyEngine is installed: call Idempotency.install("
                    + "IdempotencyEngine.builder()...build()) at start, or add idempo-jakarta-adapter in a container");
        }
        return current;
    }
}
