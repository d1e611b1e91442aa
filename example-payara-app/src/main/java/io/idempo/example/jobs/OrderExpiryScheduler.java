package io.idempo.example.jobs;

import io.idempo.example.config.ExampleSettings;
import io.idempo.jakarta.IdempotencyStarted;
import io.idempo.jakarta.IdempotencyStopping;
import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.IdempotencyInProgressException;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Ticks the order-expiry job on every instance, once per slot ({@code IDEMPO_DEMO_JOB_PERIOD}, a minute by default),
 * on the server's managed scheduler: each tick asks {@link OrderExpiryJob#run} for its slot, and the slot's
 * idempotency record makes one of the instances run it. Ticks fall on the slots' starts, on every instance alike,
 * so the instances really meet on each slot.
 *
 * <p>A tick knows its slot when it is scheduled, so one that fires late (a pause, a busy server) still asks for its
 * own slot; a node that fell more than a slot behind leaves the slots it missed to the others. A failed run rolls
 * back with its record, and the next slot expires what it left. It starts once the engine is installed and stops
 * before it is removed; {@code IDEMPO_DEMO_JOB_PERIOD=PT0S} turns it off.
 */
@ApplicationScoped
public class OrderExpiryScheduler {

    private static final Logger LOG = Logger.getLogger("io.idempo.example.jobs");

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ManagedScheduledExecutorService scheduler;

    @Inject
    OrderExpiryJob job;

    private Slots slots;
    private ScheduledFuture<?> next;
    private boolean stopped;

    void start(@Observes IdempotencyStarted started) {
        ExampleSettings settings = ExampleSettings.current();
        if (!settings.jobEnabled()) {
            LOG.info("idempo example: no order-expiry job (IDEMPO_DEMO_JOB_PERIOD=PT0S)");
            return;
        }
        slots = new Slots(settings.jobPeriod());
        LOG.info(() -> "idempo example: job " + OrderExpiryJob.NAME + " every " + settings.jobPeriod() + " on node "
                + OrderExpiryJob.NODE + ", expiring orders PENDING for more than " + OrderExpiryJob.PENDING_FOR);
        schedule(slots.after(Instant.now()));
    }

    void stop(@Observes IdempotencyStopping stopping) {
        close();
    }

    /** Also when the application scope ends without the adapter's event (a failed deployment). */
    @PreDestroy
    synchronized void close() {
        stopped = true;
        if (next != null) {
            next.cancel(false);
        }
    }

    private synchronized void schedule(Instant slot) {
        if (stopped) {
            return;
        }
        long delay = Math.max(0, Duration.between(Instant.now(), slot).toMillis());
        next = scheduler.schedule(() -> tick(slot), delay, TimeUnit.MILLISECONDS);
    }

    private void tick(Instant slot) {
        // A pooled thread starts from no context; the node is the request id of the engine's outcome line.
        try (IdempotencyContext.Boundary boundary = IdempotencyContext.boundary();
             IdempotencyContext.Scope context = IdempotencyContext.open(
                     IdempotencyContext.Request.of(null, null).withRequestId(OrderExpiryJob.NODE))) {
            JobRunView run = job.run(OrderExpiryJob.NAME, slot.toString());
            if (run.node().equals(OrderExpiryJob.NODE)) {
                LOG.info(() -> "idempo example: job " + OrderExpiryJob.NAME + " slot=" + slot + " ran on this node,"
                        + " expired " + run.expiredOrders() + " orders");
            } else {
                LOG.fine(() -> "idempo example: job " + OrderExpiryJob.NAME + " slot=" + slot + " was run by "
                        + run.node());
            }
        } catch (IdempotencyInProgressException e) {
            LOG.fine(() -> "idempo example: job " + OrderExpiryJob.NAME + " slot=" + slot + " is being run by another"
                    + " node");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "idempo example: job " + OrderExpiryJob.NAME + " slot=" + slot + " failed and"
                    + " rolled back; the next slot expires what this one left", e);
        } finally {
            schedule(slots.next(slot, Instant.now()));
        }
    }
}
