package io.idempo.runtime;

/**
 * Where the woven aspect finds the engine. Plain Java applications install one at start; the Jakarta adapter
 * installs the container-wired one when the application starts and removes it when it stops.
 */
public final class Idempotency {

    private static volatile IdempotencyEngine engine;

    private Idempotency() {
    }

    public static void install(IdempotencyEngine configured) {
        engine = configured;
    }

    public static void uninstall() {
        engine = null;
    }

    /** The installed engine; calling an {@code @Idempotent} method before one is installed is refused. */
    public static IdempotencyEngine engine() {
        IdempotencyEngine current = engine;
        if (current == null) {
            throw new IllegalStateException("No IdempotencyEngine is installed: call Idempotency.install("
                    + "IdempotencyEngine.builder()...build()) at start, or add idempo-jakarta-adapter in a container");
        }
        return current;
    }
}
