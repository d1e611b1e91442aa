package io.idempo.jakarta.internal;

import jakarta.enterprise.concurrent.ManagedThreadFactory;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The adapter's timer: claim renewals, the outbox relay, the purge and the claim store's write-behind.
 *
 * <p>Not the container's managed scheduler: that one keeps a cancelled task queued until the task's time comes, and
 * each queued task's context handle holds the application's class loader, so a purge due in an hour kept an
 * undeployed application in memory for an hour (RedeployIT found it on WildFly). This timer runs on the container's
 * managed thread factory (its threads carry the application's naming context, so JNDI lookups and transactions work
 * as on any managed thread), drops a cancelled task at once, and ends its threads when the application stops.
 */
final class AdapterScheduler {

    private static final int THREADS = Math.max(2, Runtime.getRuntime().availableProcessors());
    private static final long STOP_WAIT_SECONDS = 10;

    private AdapterScheduler() {
    }

    static ScheduledExecutorService open(ManagedThreadFactory threads) {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(THREADS, threads);
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        return executor;
    }

    /** Cancels what is queued, interrupts what runs and waits a little for it to end. */
    static void stop(ScheduledExecutorService executor) {
        executor.shutdownNow();
        try {
            executor.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
