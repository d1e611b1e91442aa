package io.idempo.runtime.internal;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The idempotent call whose method is running on this thread, for what the method does inside it: the outbox
 * derives its event ids from the call's key hash and the order of the events, so that a retry after a rollback
 * produces the same ids and a replayed duplicate, whose method does not run, produces none. Set by the engine
 * around the method only, and restored on every path (a nested idempotent call sees its own).
 */
public final class RunningCall {

    private static final ThreadLocal<RunningCall> CURRENT = new ThreadLocal<>();

    private final String action;
    private final String keyHash;
    private final AtomicInteger nextSequence = new AtomicInteger();

    private RunningCall(String action, String keyHash) {
        this.action = action;
        this.keyHash = keyHash;
    }

    /** Ends the call's scope, making the enclosing call (or none) current again. */
    public interface Scope extends AutoCloseable {

        @Override
        void close();
    }

    /** Makes a call current until the returned scope is closed. */
    public static Scope enter(String action, String keyHash) {
        RunningCall previous = CURRENT.get();
        CURRENT.set(new RunningCall(action, keyHash));
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** The call whose method runs on this thread, if any. */
    public static Optional<RunningCall> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    public String action() {
        return action;
    }

    /** The record's key hash: action, scope and client key together. */
    public String keyHash() {
        return keyHash;
    }

    /** 0, 1, 2, ... in the order the method asks: the same order in every run of the same code. */
    public int nextSequence() {
        return nextSequence.getAndIncrement();
    }
}
