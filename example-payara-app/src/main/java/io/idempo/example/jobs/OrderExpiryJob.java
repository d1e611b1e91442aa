package io.idempo.example.jobs;

import io.idempo.IdempotencyKey;
import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import io.idempo.example.orders.OrderStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * The unit of work of the job every instance schedules: expire the orders left {@code PENDING} for longer than
 * {@link #PENDING_FOR} (a client that has not paid within the life of its order key will not), once per slot
 * whatever the number of instances. The slot is the key and the job the scope: the first instance to call for a
 * slot runs it and records the run; an instance that calls while it runs is told "in progress"; one that calls
 * later gets the recorded run back (replayed), and writes nothing.
 */
@ApplicationScoped
public class OrderExpiryJob {

    public static final String ACTION = "jobs.expire-orders";
    /** The job's name: the scope of its slots. */
    public static final String NAME = "expire-orders";
    /** Orders older than this that are still PENDING are expired: the order key's own TTL (30 minutes). */
    public static final Duration PENDING_FOR = Duration.ofMinutes(30);
    /**
     * This instance, as the runs name it: the host and the process, so that two instances on one host differ. Not
     * a parameter of {@link #run}: parameters other than the key and the scope are fingerprinted, and every node
     * must ask for a slot with the same fingerprint to get its run replayed.
     */
    public static final String NODE = hostName() + "/" + ProcessHandle.current().pid();

    @PersistenceContext(unitName = "shop")
    EntityManager em;

    /**
     * Runs slot {@code slot} of {@code job} on this node, or answers the run that did, wherever it ran.
     *
     * <p>The TTL (two hours) outlives the longest slot ({@code IDEMPO_DEMO_JOB_PERIOD} is at most an hour), so that
     * every tick of a slot finds its record.
     */
    @Idempotent(action = ACTION, ttl = "PT2H")
    @Transactional
    public JobRunView run(@IdempotencyScope String job, @IdempotencyKey String slot) {
        long started = System.currentTimeMillis();
        int expired = em.createQuery("UPDATE ShopOrder o SET o.status = :expired"
                        + " WHERE o.status = :pending AND o.createdAt < :cutoff")
                .setParameter("expired", OrderStatus.EXPIRED)
                .setParameter("pending", OrderStatus.PENDING)
                .setParameter("cutoff", started - PENDING_FOR.toMillis())
                .executeUpdate();
        JobRun run = new JobRun(job, slot, NODE, expired, started, System.currentTimeMillis());
        em.persist(run);
        em.flush();
        return JobRunView.of(run);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
