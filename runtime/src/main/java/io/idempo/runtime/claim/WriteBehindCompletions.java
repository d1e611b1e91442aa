package io.idempo.runtime.claim;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.ClaimStoreHealth;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.Completion;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes completed outcomes to a remote claim store off the caller's thread: a first call's request does not wait
 * for the round trip that publishes its outcome after commit, and the outcomes of calls that end close together go
 * out in one pipeline ({@link ClaimStore#completeAll}).
 *
 * <p>Until an outcome is written, this store answers for its key itself: a duplicate that reaches the same JVM is
 * replayed from the outcome waiting here, never told "in progress" by the claim still in the remote store. A
 * duplicate on another node meets that claim for the moment the write takes, as it met it between the commit and
 * the write when the caller wrote it. An outcome that cannot be written is lost like any the remote store loses:
 * the database record still answers, and heals the store.
 *
 * <p>Everything else goes to the remote store as it is. {@link #close()} writes what is pending, on the closing
 * thread; afterwards outcomes are written on the caller's thread.
 */
public final class WriteBehindCompletions implements ClaimStore, ClaimStoreHealth, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(WriteBehindCompletions.class.getName());
    /** Outcomes per pipeline: enough for a burst, small enough to stay well inside the store's timeout. */
    private static final int MAX_BATCH = 256;
    /**
     * How long a drain waits before it writes. A first call's outcome and the answer the Jakarta adapter stores for
     * the same request come a fraction of a millisecond apart, and calls that end together likewise: one pipeline
     * then carries them all, where each took a round trip of its own (and a wake-up of Redis, which costs Redis
     * more CPU than the command). A duplicate on another node meets the claim that much longer.
     */
    private static final long LINGER_MILLIS = 2;

    private final ClaimStore remote;
    private final Executor writer;
    private final ExecutorService ownWriter;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final Queue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();
    /** Held while a batch is written, so that {@link #forget} cannot be overtaken by a write of the same key. */
    private final Object writing = new Object();
    private volatile boolean closed;

    /** An outcome waiting to be written; its TTL counts from when the call completed. */
    private record Pending(String keyHash, CompletedCall call, Duration ttl, long since) {

        Completion remaining() {
            return new Completion(keyHash, call, ttl.minusNanos(System.nanoTime() - since));
        }
    }

    private WriteBehindCompletions(ClaimStore remote, Executor writer, ExecutorService ownWriter) {
        this.remote = remote;
        this.writer = writer;
        this.ownWriter = ownWriter;
    }

    /** Writes on {@code writer}, a container's managed executor for instance, which stays the caller's to stop. */
    public static WriteBehindCompletions over(ClaimStore remote, Executor writer) {
        return new WriteBehindCompletions(remote, writer, null);
    }

    /** Writes on a daemon thread of its own, which ends when idle for a while and with {@link #close()}. */
    public static WriteBehindCompletions over(ClaimStore remote) {
        ThreadPoolExecutor own = new ThreadPoolExecutor(0, 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                runnable -> {
                    Thread thread = new Thread(runnable, "idempo-claim-writer");
                    thread.setDaemon(true);
                    return thread;
                });
        return new WriteBehindCompletions(remote, own, own);
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        Pending waiting = pending.get(keyHash);
        return waiting != null ? new ClaimResult.Done(waiting.call())
                : remote.claim(keyHash, token, fingerprint, timeout);
    }

    @Override
    public boolean renew(String keyHash, String token, Duration timeout) {
        return remote.renew(keyHash, token, timeout);
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        if (closed) {
            remote.complete(keyHash, call, ttl);
            return;
        }
        Pending waiting = new Pending(keyHash, call, ttl, System.nanoTime());
        pending.put(keyHash, waiting);
        queue.add(waiting);
        scheduleDrain();
    }

    @Override
    public void release(String keyHash, String token) {
        remote.release(keyHash, token);
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        Pending waiting = pending.get(keyHash);
        return waiting != null ? Optional.of(waiting.call()) : remote.completed(keyHash);
    }

    @Override
    public boolean isHeld(String keyHash) {
        return !pending.containsKey(keyHash) && remote.isHeld(keyHash);
    }

    @Override
    public boolean forget(String keyHash) {
        boolean waited = pending.remove(keyHash) != null;
        synchronized (writing) {
            return remote.forget(keyHash) || waited;
        }
    }

    @Override
    public long failures() {
        return remote instanceof ClaimStoreHealth health ? health.failures() : 0;
    }

    @Override
    public Circuit circuit() {
        return remote instanceof ClaimStoreHealth health ? health.circuit() : Circuit.CLOSED;
    }

    /** Writes what is pending now, on this thread; later outcomes are written by their callers. */
    @Override
    public void close() {
        closed = true;
        if (ownWriter != null) {
            ownWriter.shutdown();
        }
        drain();
    }

    private void scheduleDrain() {
        if (!draining.compareAndSet(false, true)) {
            return; // the running drain takes this outcome too: it reads the queue until it finds it empty
        }
        try {
            writer.execute(this::drainAndReschedule);
        } catch (RejectedExecutionException stopping) {
            draining.set(false);
            drain();
        }
    }

    private void drainAndReschedule() {
        try {
            lingerUnlessClosed();
            drain();
        } finally {
            draining.set(false);
        }
        if (!queue.isEmpty()) {
            scheduleDrain(); // queued after the last look but before the flag was cleared
        }
    }

    private void lingerUnlessClosed() {
        if (!closed) {
            try {
                Thread.sleep(LINGER_MILLIS);
            } catch (InterruptedException stopping) {
                Thread.currentThread().interrupt(); // the executor is stopping: write what is pending now
            }
        }
    }

    private void drain() {
        List<Pending> batch = new ArrayList<>(MAX_BATCH);
        for (Pending next = queue.poll(); next != null; next = queue.poll()) {
            batch.add(next);
            if (batch.size() == MAX_BATCH || queue.isEmpty()) {
                write(batch);
                batch.clear();
            }
        }
    }

    /** Outcomes already expired, or forgotten by an operator meanwhile, are not written. */
    private void write(List<Pending> batch) {
        synchronized (writing) {
            List<Completion> due = batch.stream().filter(waiting -> pending.get(waiting.keyHash()) == waiting)
                    .map(Pending::remaining).filter(completion -> completion.ttl().toMillis() > 0).toList();
            try {
                if (!due.isEmpty()) {
                    remote.completeAll(due);
                }
            } catch (RuntimeException e) {
                LOG.log(Level.DEBUG, "idempo could not write completed outcomes to the claim store; the records "
                        + "still answer their duplicates", e);
            } finally {
                batch.forEach(waiting -> pending.remove(waiting.keyHash(), waiting));
            }
        }
    }
}
