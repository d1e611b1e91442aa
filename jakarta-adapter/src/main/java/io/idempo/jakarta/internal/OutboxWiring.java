package io.idempo.jakarta.internal;

import io.idempo.outbox.Outbox;
import io.idempo.outbox.OutboxRelay;
import io.idempo.outbox.OutboxStore;
import io.idempo.outbox.Publisher;
import io.idempo.outbox.SentEventPurge;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.spi.TransactionSupport;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The outbox of a deployment ({@code idempo.outbox.enabled=true}): the store and the injectable {@link Outbox} on the
 * engine's own transactions, the relay on the adapter's scheduler when the application provides a
 * {@link Publisher} and {@code idempo.outbox.relay.enabled} allows it, and the purge of sent events. Without a
 * publisher the events stay pending, ready for a relay of another instance or for change data capture.
 */
final class OutboxWiring implements AutoCloseable {

    private final OutboxSettings settings;
    private final Outbox outbox;
    private final Optional<SentEventPurge> purge;
    private final Optional<OutboxRelay.Running> relay;

    private OutboxWiring(OutboxSettings settings, Outbox outbox, Optional<SentEventPurge> purge,
                         Optional<OutboxRelay.Running> relay) {
        this.settings = settings;
        this.outbox = outbox;
        this.purge = purge;
        this.relay = relay;
    }

    /**
     * @param transactions the engine's, so that {@code Outbox.publish} joins the caller's transaction, and the relay's
     *                     batches get transactions of their own
     * @param publisher    the application's, if it provides one
     */
    static OutboxWiring start(OutboxSettings settings, SqlDialect dialect, TransactionSupport transactions,
                              ScheduledExecutorService scheduler, Optional<Publisher> publisher, int purgeBatchSize,
                              int purgeMaxBatches) {
        OutboxStore store = OutboxStore.builder(dialect).table(settings.table()).build();
        Optional<SentEventPurge> purge = settings.retention().isZero() ? Optional.empty()
                : Optional.of(new SentEventPurge(store, transactions, settings.retention(), purgeBatchSize,
                        purgeMaxBatches));
        Optional<OutboxRelay.Running> relay = publisher.filter(any -> settings.relayEnabled())
                .map(chosen -> OutboxRelay.builder(store, transactions, chosen)
                        .name(settings.relayName())
                        .batchSize(settings.batchSize())
                        .pollInterval(settings.pollInterval())
                        .maxBackoff(settings.maxBackoff())
                        .build()
                        .start(scheduler));
        return new OutboxWiring(settings, new Outbox(store, transactions), purge, relay);
    }

    Outbox outbox() {
        return outbox;
    }

    /** Deletes sent events older than the retention; returns how many (none when the retention is zero). */
    int purge() {
        return purge.map(SentEventPurge::run).orElse(0);
    }

    boolean relaying() {
        return relay.isPresent();
    }

    /** For the start-up line: the table, and whether and why the relay runs. */
    String description() {
        String relayState = relay.isPresent() ? "relay " + settings.relayName() + " on"
                : settings.relayEnabled() ? "relay off (no Publisher bean: events stay pending)"
                : "relay off (idempo.outbox.relay.enabled=false)";
        return "outbox table " + settings.table() + ", " + relayState;
    }

    /** Stops the relay after its batch in flight. */
    @Override
    public void close() {
        relay.ifPresent(OutboxRelay.Running::close);
    }
}
