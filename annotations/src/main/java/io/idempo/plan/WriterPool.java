package io.idempo.plan;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Lends {@link CanonicalWriter}s to calls, so that a fingerprint reuses a buffer and a {@code MessageDigest} instead
 * of allocating them. The pool belongs to the class, not to threads: a thread-local would leave a writer on every
 * pooled container thread, and through it this class's loader, long after the application that loaded it was
 * undeployed. Each thread has a home slot; when it is taken the call allocates a writer of its own.
 */
final class WriterPool {

    /** A writer that grew beyond this for one large call is not kept. */
    private static final int MAX_KEPT_CAPACITY = 64 * 1024;

    private final AtomicReferenceArray<CanonicalWriter> slots =
            new AtomicReferenceArray<>(Math.max(4, 2 * Runtime.getRuntime().availableProcessors()));

    /** A writer with nothing written, for the calling thread's exclusive use until {@link #giveBack}. */
    CanonicalWriter take() {
        CanonicalWriter writer = slots.getAndSet(homeSlot(), null);
        if (writer == null) {
            return new CanonicalWriter();
        }
        writer.reset();
        return writer;
    }

    void giveBack(CanonicalWriter writer) {
        if (writer.capacity() <= MAX_KEPT_CAPACITY) {
            slots.compareAndSet(homeSlot(), null, writer);
        }
    }

    private int homeSlot() {
        return (int) (Thread.currentThread().getId() % slots.length());
    }
}
