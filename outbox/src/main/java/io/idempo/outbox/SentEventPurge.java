package io.idempo.outbox;

import io.idempo.runtime.internal.BatchedDelete;
import io.idempo.runtime.spi.TransactionSupport;
import java.time.Duration;
import java.util.Objects;

/**
 * Deletes events sent longer ago than a retention, in small batches, each in a short transaction of its own. Keep
 * sent events at least as long as consumers remember event ids (their records' TTL): a key that runs again after its
 * TTL derives new ids only while its earlier events are still in the table. Run it from a scheduler (the Jakarta
 * adapter schedules it with the record purge); several nodes may run it at once.
 */
public final class SentEventPurge {

    private final OutboxStore store;
    private final Duration retention;
    private final BatchedDelete batches;

    /**
     * @param retention  how long a sent event is kept
     * @param batchSize  rows per transaction, such as 500
     * @param maxBatches batches per run, which bounds one run's work; the next run continues
     */
    public SentEventPurge(OutboxStore store, TransactionSupport transactions, Duration retention, int batchSize,
                          int maxBatches) {
        this.store = Objects.requireNonNull(store, "store");
        this.retention = Objects.requireNonNull(retention, "retention");
        this.batches = new BatchedDelete(transactions, batchSize, maxBatches);
    }

    /** Purges until a batch comes back short, a batch meets a lock, or the maximum of batches ran; returns rows. */
    public int run() {
        return batches.run(sql -> store.purgeSent(sql, retention, batches.batchSize()), OutboxBusyException.class);
    }
}
