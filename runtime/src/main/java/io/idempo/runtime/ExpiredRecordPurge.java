package io.idempo.runtime;

import io.idempo.runtime.internal.BatchedDelete;
import io.idempo.runtime.record.RecordBusyException;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.spi.TransactionSupport;

/**
 * Deletes expired records in small batches, each in a short transaction of its own, so that the purge holds few
 * locks and never makes a claim wait long. Run it from a scheduler (the Jakarta adapter schedules it); several
 * nodes may run it at once.
 */
public final class ExpiredRecordPurge {

    /** Rows per transaction: few enough that a batch holds its locks for milliseconds. */
    public static final int DEFAULT_BATCH_SIZE = 500;
    /** Batches per run: bounds one run's work (10,000 rows by default); the next run continues. */
    public static final int DEFAULT_MAX_BATCHES = 20;

    private final RecordStore records;
    private final BatchedDelete batches;

    /**
     * @param batchSize  rows per transaction, such as 500
     * @param maxBatches batches per run, which bounds one run's work; the next run continues
     */
    public ExpiredRecordPurge(RecordStore records, TransactionSupport transactions, int batchSize, int maxBatches) {
        this.records = records;
        this.batches = new BatchedDelete(transactions, batchSize, maxBatches);
    }

    /** Purges until a batch comes back short, a batch meets contention, or {@code maxBatches} ran; returns rows. */
    public int run() {
        return batches.run(sql -> records.purgeExpired(sql, batches.batchSize()), RecordBusyException.class);
    }
}
