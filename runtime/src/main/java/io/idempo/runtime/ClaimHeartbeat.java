package io.idempo.runtime;

import io.idempo.runtime.spi.ClaimStore;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the store claims of running calls alive. A claim is written with a short timeout and renewed here while its
 * call runs, up to the call's lease. When the caller dies, or its commit fails where the container runs no
 * completion callback (Payara after a lost connection), nobody renews the claim and it lapses within the timeout,
 * so a retry runs within seconds instead of waiting out the lease, and a duplicate of a call that is really running
 * is still turned away by the store alone, without a database connection.
 *
 * <p>A call shorter than one renewal interval is never renewed: it costs one insertion into and one removal from a
 * concurrent set. One task renews all due claims; it runs on the scheduler given to the engine (a container's
 * managed one) or on a daemon thread of the engine's own, started with the first claim and stopped by
 * {@link #close()}.
 */
final class ClaimHeartbeat implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ClaimHeartbeat.class.getName());

    private final ClaimStore claims;
    private final Duration timeout;
    private final Duration interval;
    private final Clock clock;
    private final ScheduledExecutorService givenScheduler;
    private final Set<Beat> running = ConcurrentHashMap.newKeySet();

    private ScheduledExecutorService ownScheduler;
    private ScheduledFuture<?> task;
    private boolean closed;

    /** @param scheduler where renewals run; null to start a daemon thread of the engine's own when first needed */
    ClaimHeartbeat(ClaimStore claims, Duration timeout, Clock clock, ScheduledExecutorService scheduler) {
        this.claims = claims;
        this.timeout = timeout;
        this.interval = timeout.dividedBy(3);
        this.clock = clock;
        this.givenScheduler = scheduler;
    }

    /** How long a claim lives without renewal: what it is written with, and renewed to. */
    Duration timeout() {
        return timeout;
    }

    /** Keeps the claim alive until {@link Beat#stop()}, or until {@code lease} has passed. */
    Beat start(String keyHash, String token, Duration lease) {
        Instant now = clock.instant();
        Beat beat = new Beat(keyHash, token, now, now.plus(lease));
        running.add(beat);
        ensureScheduled();
        return beat;
    }

    /** Stops renewing; claims still held lapse within the timeout. */
    @Override
    public synchronized void close() {
        closed = true;
        running.clear();
        if (task != null) {
            task.cancel(false);
        }
        if (ownScheduler != null) {
            ownScheduler.shutdownNow();
        }
    }

    /** The claim of one running call. */
    final class Beat {
        private final String keyHash;
        private final String token;
        private final Instant started;
        private final Instant leaseEnd;

        private Beat(String keyHash, String token, Instant started, Instant leaseEnd) {
            this.keyHash = keyHash;
            this.token = token;
            this.started = started;
            this.leaseEnd = leaseEnd;
        }

        /** The call has ended (its transaction completes next): no more renewals. */
        void stop() {
            running.remove(this);
        }
    }

    private synchronized void ensureScheduled() {
        if (task != null || closed) {
            return;
        }
        ScheduledExecutorService scheduler = givenScheduler;
        if (scheduler == null) {
            ScheduledThreadPoolExecutor own = new ScheduledThreadPoolExecutor(1, runnable -> {
                Thread thread = new Thread(runnable, "idempo-claim-heartbeat");
                thread.setDaemon(true);
                return thread;
            });
            own.setRemoveOnCancelPolicy(true);
            ownScheduler = own;
            scheduler = own;
        }
        long millis = Math.max(1, interval.toMillis());
        task = scheduler.scheduleWithFixedDelay(this::renewDue, millis, millis, TimeUnit.MILLISECONDS);
    }

    /** Renews every claim whose call has run for an interval and is still within its lease. */
    private void renewDue() {
        Instant now = clock.instant();
        for (Beat beat : running) {
            if (!now.isBefore(beat.leaseEnd)) {
                running.remove(beat); // past its lease the claim lapses; the record still fences a second run
            } else if (!now.isBefore(beat.started.plus(interval))) {
                renew(beat);
            }
        }
    }

    private void renew(Beat beat) {
        try {
            if (!claims.renew(beat.keyHash, beat.token, timeout)) {
                running.remove(beat); // lost (expired, flushed, store down): the record still fences a second run
            }
        } catch (RuntimeException e) {
            // A periodic task that throws is never run again; the next round retries the store.
            LOG.log(Level.DEBUG, "idempo could not renew a claim; the record still fences duplicates", e);
        }
    }
}
