package io.idempo.runtime.admin;

import io.idempo.runtime.ExpiredRecordPurge;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.record.Invalidation;
import io.idempo.runtime.record.RecordBusyException;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.StoredRecord;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.IdempotencyMetrics;
import io.idempo.runtime.spi.TransactionSupport;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What an operator does to records without writing SQL: list the stuck ones, look one up in any scope, invalidate
 * one so that its key runs again, purge the expired ones now (and on a schedule, counting the stuck ones for the
 * metrics). Each operation runs in a transaction of its own and
 * leaves one line on the logger {@code io.idempo.audit} naming the operator, the request, the operation, the record
 * and the result; so does a refusal ({@link #refused}). Never a request or response value.
 *
 * <pre>
 * idempo-audit operation=invalidate operator=admin request=5f0c... action=orders.create scope=alice key=k-1
 *     keyHash=9b2e... result=deleted claimStore=forgotten
 * </pre>
 */
public final class RecordAdministration {

    private final RecordStore records;
    private final ClaimStore claims;
    private final TransactionSupport transactions;
    private final ExpiredRecordPurge purge;
    private final IdempotencyMetrics metrics;

    /**
     * @param purge   the purge the application schedules, so that "purge now" deletes by the same batches
     * @param metrics where each purge run reports the stuck records it counted
     */
    public RecordAdministration(RecordStore records, ClaimStore claims, TransactionSupport transactions,
                                ExpiredRecordPurge purge, IdempotencyMetrics metrics) {
        this.records = records;
        this.claims = claims;
        this.transactions = transactions;
        this.purge = purge;
        this.metrics = metrics;
    }

    /** Up to {@code limit} stuck records, oldest lease first (see {@link RecordStore#stuck}). */
    public List<StoredRecord> stuck(Operator operator, int limit) {
        return audited("list-stuck", operator, "limit=" + limit,
                () -> inTransaction(() -> records.stuck(transactions.executor(), limit)),
                found -> found.size() + " records");
    }

    /** The key's record, expired or not; any scope. */
    public Optional<StoredRecord> find(Operator operator, RecordKey key) {
        return audited("look-up", operator, subject(key),
                () -> inTransaction(() -> records.findIncludingExpired(transactions.executor(), key.hash())),
                found -> found.map(record -> record.status().name().toLowerCase(Locale.ROOT))
                        .orElse("not-found"));
    }

    /**
     * Deletes the key's record unless a call still holds it, then makes the claim store forget the key, so that the
     * next call with it runs again instead of being answered with the old outcome. The database goes first: a
     * duplicate that arrives in between is answered by the store with the old outcome, as it would have been a
     * moment earlier, and cannot write it back to the store from a record that is gone. A duplicate that read the
     * record just before the delete still writes its outcome back when its transaction ends, which can follow the
     * forget by milliseconds: invalidating again then clears it (the record is not found, the store forgets).
     *
     * @throws ClaimStoreUnreachableException when the record is gone but the claim store could not be told
     * @throws RecordBusyException when another transaction is claiming or reading the key right now: retry
     */
    public Invalidated invalidate(Operator operator, RecordKey key) {
        return audited("invalidate", operator, subject(key), () -> {
            Invalidation record = inTransaction(() -> records.invalidate(transactions.executor(), key.hash()));
            if (record == Invalidation.RUNNING) {
                return new Invalidated(record, false);
            }
            try {
                return new Invalidated(record, claims.forget(key.hash()));
            } catch (RuntimeException e) {
                throw new ClaimStoreUnreachableException(key.hash(), record, e);
            }
        }, done -> describe(done.record()) + " claimStore=" + (done.claimStoreHeld() ? "forgotten" : "empty"));
    }

    /** Deletes expired records now, in the purge's batches, and counts the stuck ones; returns how many it deleted. */
    public int purgeExpired(Operator operator) {
        return audited("purge", operator, "", this::purgeAndCount, deleted -> deleted + " expired records deleted");
    }

    /**
     * The scheduled run of {@link #purgeExpired}, which no operator asked for: nothing is audited. Schedule it every
     * few minutes; it keeps the table small and {@code idempotency.records.stuck} current.
     */
    public int purgeOnSchedule() {
        return purgeAndCount();
    }

    private int purgeAndCount() {
        int deleted = purge.run();
        metrics.stuckRecordsCounted(inTransaction(() -> records.countStuck(transactions.executor())));
        return deleted;
    }

    /** Records that {@code operator} was refused {@code operation}, and why. */
    public static void refused(Operator operator, String operation, String why) {
        AuditLine.write(operation, operator, "", "refused (" + why + ")");
    }

    private <T> T inTransaction(Supplier<T> work) {
        return transactions.inNewTransaction(work, result -> true);
    }

    private static <T> T audited(String operation, Operator operator, String subject,
                                 Supplier<T> work, Function<T, String> result) {
        return AuditLine.audited(operation, operator, subject, work, result, e -> {
            if (e instanceof ClaimStoreUnreachableException unreachable) {
                return describe(unreachable.record()) + " claimStore=unreachable";
            }
            return e instanceof RecordBusyException ? "busy" : AuditLine.failed(e);
        });
    }

    /** {@code deleted}, {@code running}, {@code not-found}. */
    private static String describe(Invalidation record) {
        return record.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String subject(RecordKey key) {
        return "action=" + key.action() + " scope=" + (key.scope().isEmpty() ? "-" : key.scope()) + " key="
                + key.clientKey() + " keyHash=" + key.hash();
    }
}
