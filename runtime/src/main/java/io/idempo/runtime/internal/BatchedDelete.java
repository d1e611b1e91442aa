package io.idempo.runtime.internal;

import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.TransactionSupport;
import java.util.function.ToIntFunction;

/**
 * Deletes rows in small batches, each in a short transaction of its own, so that a purge holds few locks and never
 * makes the work on the table wait long: the purge of expired records and of sent outbox events.
 */
public final class BatchedDelete {

    private final TransactionSupport transactions;
    private final int batchSize;
    private final int maxBatches;

    /**
     * @param batchSize  rows per transaction, such as 500
     * @param maxBatches batches per run, which bounds one run's work; the next run continues
     */
    public BatchedDelete(TransactionSupport transactions, int batchSize, int maxBatches) {
        if (batchSize < 1 || maxBatches < 1) {
            throw new IllegalArgumentException("batchSize and maxBatches must be at least 1, got " + batchSize
                    + " and " + maxBatches);
        }
        this.transactions = transactions;
        this.batchSize = batchSize;
        this.maxBatches = maxBatches;
    }

    public int batchSize() {
        return batchSize;
    }

    /**
     * Runs {@code batch} (which deletes at most {@link #batchSize} rows and returns how many) in new transactions
     * until one comes back short, one meets {@code contention} (the next run picks those rows up), or the maximum of
     * batches ran; returns the rows deleted.
     */
    public int run(ToIntFunction<SqlExecutor> batch, Class<? extends RuntimeException> contention) {
        int total = 0;
        for (int i = 0; i < maxBatches; i++) {
            int deleted;
            try {
                deleted = transactions.inNewTransaction(() -> batch.applyAsInt(transactions.executor()),
                        count -> true);
            } catch (RuntimeException e) {
                if (contention.isInstance(e)) {
                    break;
                }
                throw e;
            }
            total += deleted;
            if (deleted < batchSize) {
                break;
            }
        }
        return total;
    }
}
