package io.idempo.outbox;

import io.idempo.runtime.internal.RunningCall;
import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.TransactionSupport;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.Optional;

/**
 * Publishes events from business code, transactionally: {@link #publish} writes the event into the outbox table
 * through the same transaction as the idempotency record and the business write, so that the event exists exactly
 * when they committed. The {@link OutboxRelay} delivers it to the broker afterwards, at least once.
 *
 * <pre>{@code
 * @Idempotent(action = "orders.create", ttl = "PT30M")
 * public OrderView place(OrderRequest request) {
 *     Order order = orders.insert(request);
 *     outbox.publish("shop.events", "ORDER_PLACED", order.id(), eventId -> json(eventId, order));
 *     return OrderView.of(order);
 * }
 * }</pre>
 *
 * <p>Inside an idempotent call, event ids are derived from the call's key and the order of its events, so a retry
 * after a rollback writes the same ids again and a replayed duplicate, whose method does not run, writes nothing.
 * Outside one, {@code publish} needs a transaction of the engine's {@link TransactionSupport} and the ids are random
 * UUIDs. Construct the outbox with the very transaction support the engine uses: a plain-Java one keeps its
 * transaction per instance.
 */
public final class Outbox {

    private static final System.Logger LOG = System.getLogger("io.idempo.outbox");

    /**
     * How many earlier committed runs of one key may still have their events in the table: a key runs again only
     * after its record's TTL, so more than this means sent events are never purged.
     */
    private static final int MAX_GENERATIONS = 64;

    private final OutboxStore store;
    private final TransactionSupport transactions;

    public Outbox(OutboxStore store, TransactionSupport transactions) {
        this.store = Objects.requireNonNull(store, "store");
        this.transactions = Objects.requireNonNull(transactions, "transactions");
    }

    /** The body of an event that names the event's own id (such as an {@code eventId} field of its JSON). */
    @FunctionalInterface
    public interface EventBody {

        /** The payload for the event whose id is {@code eventId}; may be called more than once. */
        String forEvent(String eventId);
    }

    /**
     * Writes an event in the active transaction and returns its id.
     *
     * @param destination where it goes: a RabbitMQ exchange, a topic (stored as {@code aggregatetype})
     * @param type        the event's type, such as {@code ORDER_PLACED}
     * @param aggregateId the aggregate it belongs to: the events of one aggregate are delivered in the order written
     * @param payload     the body (JSON by convention)
     * @throws IllegalStateException when no transaction of the engine's is active
     * @throws IllegalArgumentException when a value does not fit its column ({@link NewEvent})
     * @throws OutboxStoreException when the database refused the write; the caller's transaction must roll back
     */
    public String publish(String destination, String type, String aggregateId, String payload) {
        return publish(destination, type, aggregateId, eventId -> payload);
    }

    /** As {@link #publish(String, String, String, String)}, with a body that names the event's id. */
    public String publish(String destination, String type, String aggregateId, EventBody body) {
        Objects.requireNonNull(body, "body");
        if (!transactions.isActive()) {
            throw new IllegalStateException("Outbox.publish needs a transaction: call it inside an @Idempotent method"
                    + " or a transaction of the TransactionSupport the engine uses, so that the event commits or rolls"
                    + " back with the business write");
        }
        SqlExecutor sql = transactions.executor();
        Optional<RunningCall> call = RunningCall.current();
        if (call.isEmpty()) {
            String id = EventIds.random();
            write(sql, id, new NewEvent(destination, type, aggregateId, body.forEvent(id)), null);
            return id;
        }
        int sequence = call.get().nextSequence();
        for (int generation = 0; generation < MAX_GENERATIONS; generation++) {
            String id = EventIds.derived(call.get().keyHash(), generation, sequence);
            if (write(sql, id, new NewEvent(destination, type, aggregateId, body.forEvent(id)), call.get())) {
                return id;
            }
        }
        throw new IllegalStateException("The events of " + MAX_GENERATIONS + " earlier runs of this key of action "
                + call.get().action() + " are still in table " + store.table() + ": purge sent events"
                + " (OutboxStore.purgeSent) with a retention shorter than the record's TTL times " + MAX_GENERATIONS);
    }

    private boolean write(SqlExecutor sql, String id, NewEvent event, RunningCall call) {
        boolean written = store.insert(sql, id, event);
        if (!written && call == null) {
            throw new IllegalStateException("A random event id collided with an existing one: " + id);
        }
        if (written && LOG.isLoggable(Level.DEBUG)) {
            LOG.log(Level.DEBUG, "idempo outbox written id={0} destination={1} type={2} aggregate={3} action={4}",
                    id, event.destination(), event.type(), event.aggregateId(), call == null ? "-" : call.action());
        }
        return written;
    }
}
