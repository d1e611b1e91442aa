package io.idempo.outbox;

import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.TransactionSupport;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Delivers the outbox's pending events to a broker, at least once. Each batch is one short transaction of its own:
 * claim the due heads of their aggregates ({@code FOR UPDATE SKIP LOCKED}), publish them, wait for the broker's
 * confirms, mark the confirmed ones sent and put the refused ones back with a back-off, commit. A relay that dies
 * anywhere in between leaves its rows pending (the database releases their locks with the connection), so the next
 * batch of any relay publishes them again: duplicates on the wire are possible, losses are not, and consumers dedupe
 * by the event id.
 *
 * <p>Several relays (threads, or application instances) may run on one table: each takes rows the others do not
 * hold, and an event is offered only while no older event of its aggregate is pending, so the events of one
 * aggregate reach the broker in the order they were written, one at a time.
 *
 * <pre>{@code
 * OutboxRelay.Running relay = OutboxRelay.builder(store, new JdbcTransactions(dataSource), publisher)
 *         .name("orders-relay")
 *         .start();                       // close() at stop
 * }</pre>
 */
public final class OutboxRelay {

    private static final System.Logger LOG = System.getLogger("io.idempo.outbox");

    public static final String DEFAULT_NAME = "relay";
    public static final int DEFAULT_BATCH_SIZE = 100;
    public static final int MAX_BATCH_SIZE = 10_000;
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(500);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(30);
    /**
     * How long one drain keeps taking full batches before it returns to its scheduler: a container's managed
     * executor reports tasks that run for minutes as hung.
     */
    static final Duration MAX_DRAIN = Duration.ofSeconds(10);

    private final OutboxStore store;
    private final TransactionSupport transactions;
    private final Publisher publisher;
    private final String name;
    private final int batchSize;
    private final Duration pollInterval;
    private final RelayHealth health;
    private volatile boolean stopping;

    private OutboxRelay(Builder builder) {
        this.store = builder.store;
        this.transactions = builder.transactions;
        this.publisher = builder.publisher;
        this.name = builder.name;
        this.batchSize = builder.batchSize;
        this.pollInterval = builder.pollInterval;
        this.health = new RelayHealth(builder.name, builder.pollInterval, builder.maxBackoff);
    }

    /**
     * @param transactions transactions of the relay's own, on the database of {@code store}: a plain-Java
     *                     {@code JdbcTransactions} on a pool at READ COMMITTED, or the container's JTA support
     */
    public static Builder builder(OutboxStore store, TransactionSupport transactions, Publisher publisher) {
        return new Builder(store, transactions, publisher);
    }

    public String name() {
        return name;
    }

    /** A running relay; {@link #close()} stops it. */
    public interface Running extends AutoCloseable {

        /** Stops polling after the batch in flight, if any; that batch still commits or rolls back as it would. */
        @Override
        void close();
    }

    /** Polls on a daemon thread of the relay's own, which {@link Running#close()} stops. */
    public Running start() {
        ScheduledExecutorService own = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "idempo-outbox-" + name);
            thread.setDaemon(true);
            return thread;
        });
        Running running = start(own);
        return () -> {
            running.close();
            own.shutdown();
            try {
                if (!own.awaitTermination(MAX_DRAIN.toSeconds() + 30, TimeUnit.SECONDS)) {
                    own.shutdownNow();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    /**
     * Polls on {@code scheduler} (a container's managed scheduled executor), every poll interval after the previous
     * drain ended; the scheduler is the caller's and is never shut down here.
     */
    public Running start(ScheduledExecutorService scheduler) {
        stopping = false;
        ScheduledFuture<?> polling = scheduler.scheduleWithFixedDelay(this::drainQuietly, 0,
                pollInterval.toMillis(), TimeUnit.MILLISECONDS);
        LOG.log(Level.INFO, "idempo outbox relay-started relay={0} table={1} batch-size={2} poll={3}ms", name,
                store.table(), batchSize, pollInterval.toMillis());
        return () -> {
            stopping = true;
            polling.cancel(false);
            LOG.log(Level.INFO, "idempo outbox relay-stopped relay={0}", name);
        };
    }

    /**
     * Relays batches until one finds nothing due, the broker or the database fails (the relay then backs off), the
     * relay is stopped, or {@link #MAX_DRAIN} has passed; does nothing while backing off. A batch that is not full
     * does not end the drain: it holds one event per aggregate, so a backlog of few aggregates fills no batch.
     *
     * @return the events marked sent
     */
    public synchronized int drain() {
        long started = System.nanoTime();
        int sent = 0;
        while (!stopping && !health.backingOff(System.nanoTime())) {
            RelayedBatch batch;
            try {
                batch = relayBatch();
            } catch (BrokerFailure e) {
                health.failed(RelayHealth.State.BROKER_DOWN, e.getCause().getMessage(), System.nanoTime());
                break;
            } catch (RuntimeException e) {
                health.failed(RelayHealth.State.DATABASE_DOWN, e.getClass().getSimpleName() + ": " + e.getMessage(),
                        System.nanoTime());
                break;
            }
            health.succeeded(System.nanoTime());
            sent += batch.sent();
            if (batch.claimed() == 0 || System.nanoTime() - started > MAX_DRAIN.toNanos()) {
                break;
            }
        }
        return sent;
    }

    /**
     * One batch in one transaction, on the calling thread.
     *
     * @throws BrokerFailure when the publisher could not reach the broker; the transaction rolled back
     * @throws RuntimeException when the database failed; the transaction rolled back, or its commit failed
     */
    RelayedBatch relayBatch() {
        Attempt attempt = transactions.inNewTransaction(this::relayInTransaction, done -> done.failure == null);
        if (attempt.failure != null) {
            throw new BrokerFailure(attempt.failure);
        }
        return attempt.batch;
    }

    private Attempt relayInTransaction() {
        SqlExecutor sql = transactions.executor();
        List<OutboxEvent> events = store.claim(sql, batchSize);
        if (events.isEmpty()) {
            return new Attempt(RelayedBatch.EMPTY, null);
        }
        PublishResult result;
        try {
            result = publisher.publish(events);
        } catch (PublishException e) {
            return new Attempt(null, e);
        }
        List<String> sent = new ArrayList<>();
        int refused = 0;
        for (OutboxEvent event : events) {
            if (result.confirmed().contains(event.id())) {
                sent.add(event.id());
            } else {
                String reason = result.refused().getOrDefault(event.id(), "the publisher did not answer for it");
                Duration delay = health.backoff(event.attempts() + 1);
                store.retryLater(sql, event.id(), delay, reason);
                refused++;
                LOG.log(Level.WARNING, "idempo outbox event-refused relay={0} id={1} destination={2} type={3}"
                        + " aggregate={4} attempts={5} reason={6}; it stays pending, next attempt in {7}ms, and"
                        + " later events of its aggregate wait for it", name, event.id(), event.destination(),
                        event.type(), event.aggregateId(), event.attempts() + 1, reason, delay.toMillis());
            }
        }
        store.markSent(sql, sent);
        if (LOG.isLoggable(Level.DEBUG)) {
            LOG.log(Level.DEBUG, "idempo outbox batch relay={0} claimed={1} sent={2} refused={3}", name,
                    events.size(), sent.size(), refused);
        }
        return new Attempt(new RelayedBatch(events.size(), sent.size(), refused), null);
    }

    private void drainQuietly() {
        try {
            drain();
        } catch (RuntimeException | Error e) {
            // A scheduled task that throws is never run again: log it and keep the relay alive.
            LOG.log(Level.ERROR, "idempo outbox relay-error relay=" + name + "; the next poll tries again", e);
        }
    }

    /** The outcome of a batch's transaction: the batch, or the publisher's failure (which rolls it back). */
    private record Attempt(RelayedBatch batch, PublishException failure) {
    }

    /** The publisher could not reach the broker: the batch rolled back. */
    static final class BrokerFailure extends RuntimeException {

        private static final long serialVersionUID = 1L;

        BrokerFailure(PublishException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /**
     * Configures an {@link OutboxRelay}. Defaults: the name {@code relay}, batches of 100 events, a poll every
     * 500 ms, and a back-off that doubles up to 30 s while the broker or the database is down.
     */
    public static final class Builder {

        private final OutboxStore store;
        private final TransactionSupport transactions;
        private final Publisher publisher;
        private String name = DEFAULT_NAME;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private Duration pollInterval = DEFAULT_POLL_INTERVAL;
        private Duration maxBackoff = DEFAULT_MAX_BACKOFF;

        private Builder(OutboxStore store, TransactionSupport transactions, Publisher publisher) {
            this.store = Objects.requireNonNull(store, "store");
            this.transactions = Objects.requireNonNull(transactions, "transactions");
            this.publisher = Objects.requireNonNull(publisher, "publisher");
        }

        /** The relay's name in log lines and thread names: {@code [A-Za-z0-9_.-]}, 1 to 64 characters. */
        public Builder name(String relayName) {
            this.name = requireName(relayName);
            return this;
        }

        /** Returns {@code relayName}, or refuses a name that could not stand in a log line or a thread name. */
        public static String requireName(String relayName) {
            if (relayName == null || !relayName.matches("[A-Za-z0-9_.-]{1,64}")) {
                throw new IllegalArgumentException("A relay name is 1 to 64 of [A-Za-z0-9_.-], not '" + relayName
                        + "'");
            }
            return relayName;
        }

        /**
         * The most events per batch, from 1 to 10,000: the rows one transaction holds while the broker confirms them,
         * and the events a crash in the middle of a batch may publish twice.
         */
        public Builder batchSize(int events) {
            if (events < 1 || events > MAX_BATCH_SIZE) {
                throw new IllegalArgumentException("batchSize must be from 1 to " + MAX_BATCH_SIZE + ", not " + events);
            }
            this.batchSize = events;
            return this;
        }

        /** How long the relay waits after a drain that found no full batch: the delay of a new event at worst. */
        public Builder pollInterval(Duration interval) {
            this.pollInterval = positive("pollInterval", interval);
            return this;
        }

        /** The longest wait between two attempts while the broker or the database is down. */
        public Builder maxBackoff(Duration backoff) {
            this.maxBackoff = positive("maxBackoff", backoff);
            return this;
        }

        public OutboxRelay build() {
            requireBackoffCoversPoll(pollInterval, maxBackoff);
            return new OutboxRelay(this);
        }

        /** Builds the relay and starts it on a daemon thread of its own ({@link OutboxRelay#start()}). */
        public Running start() {
            return build().start();
        }

        /** The back-off starts at the poll interval and doubles up to its maximum, which must not be shorter. */
        public static void requireBackoffCoversPoll(Duration pollInterval, Duration maxBackoff) {
            if (maxBackoff.compareTo(pollInterval) < 0) {
                throw new IllegalArgumentException("maxBackoff (" + maxBackoff + ") must not be shorter than"
                        + " pollInterval (" + pollInterval + ")");
            }
        }

        private static Duration positive(String what, Duration duration) {
            Objects.requireNonNull(duration, what);
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException(what + " must be positive, not " + duration);
            }
            return duration;
        }
    }
}
