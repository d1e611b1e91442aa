package io.idempo.example.reconciliation;

import java.util.List;

/**
 * The answer of {@code GET /api/reconciliation}: what the tables hold and whether they agree with each other and
 * with the idempotency records. After any number of retries, duplicates and injected failures, {@code mismatches}
 * must stay empty.
 *
 * @param orders           rows in shop_orders
 * @param payments         rows in shop_payments
 * @param ledgerEntries    rows in shop_ledger_entries
 * @param completedRecords idempotency records in status COMPLETED
 * @param channelCharges   distinct charges the simulated payment channel made since the server started
 * @param jobRuns          rows in job_runs: runs of the scheduled job, one per slot
 * @param mismatches       every inconsistency found
 */
public record Reconciliation(long orders, long payments, long ledgerEntries, long completedRecords,
                             long channelCharges, long jobRuns, List<Mismatch> mismatches) {
}
