package io.idempo.runtime.record;

import io.idempo.runtime.internal.TableName;
import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The record table, read and written on the caller's transaction: the final truth about whether a call with a
 * given key ran. The unique key hash guarantees that of all transactions claiming one key, at most one commits
 * its claim, whatever happened to faster layers in front (Redis, an in-JVM claim).
 *
 * <p>Every method runs on the {@link SqlExecutor} it is given and never commits or rolls back. Claim first in a
 * transaction, then either {@linkplain #complete complete} or {@linkplain #delete delete} the claim before
 * that same transaction commits. A store is immutable and safe to share between threads.
 *
 * <p>Database failures surface as {@link RecordBusyException} (another transaction holds the key: retry later)
 * or {@link RecordStoreException} (the message says what to check). Invalid arguments raise
 * {@link IllegalArgumentException}.
 */
public final class RecordStore {

    public static final String DEFAULT_TABLE = "idempo_record";

    /**
     * Short, so that same-key duplicates give their pooled connections back quickly instead of queueing behind the
     * first transaction; they are told "busy" and retry. See {@link Builder#lockWait}.
     */
    public static final Duration DEFAULT_LOCK_WAIT = Duration.ofMillis(100);

    /**
     * A claim re-inserts when the row it conflicted with is gone before it could read it (purged, or its
     * transaction deleted it). Missing it three times in a row means constant churn on the key: report busy
     * instead of spinning.
     */
    private static final int CLAIM_ATTEMPTS = 3;

    private final SqlDialect dialect;
    private final String table;
    private final Clock clock;
    private final RecordStatements statements;
    private final LockWaitBound lockWaitBound;
    private final SqlFailures failures;

    private RecordStore(Builder builder) {
        this.dialect = builder.dialect;
        this.table = builder.table;
        this.clock = builder.clock;
        this.statements = dialect.statements(table);
        this.lockWaitBound = dialect.lockWaitBound(builder.lockWait);
        this.failures = new SqlFailures(table, dialect);
    }

    public static Builder builder(SqlDialect dialect) {
        return new Builder(dialect);
    }

    public SqlDialect dialect() {
        return dialect;
    }

    public String table() {
        return table;
    }

    /**
     * Claims the key for the caller's transaction, as its first statement. Inserts an IN_PROGRESS record with
     * one statement that affects 0 rows on a duplicate instead of raising (a raised unique violation would doom
     * the caller's transaction). On a duplicate it reads the existing record as committed: an unexpired one is
     * returned as {@link RecordClaim.Existing}; an expired one is taken over and counts as claimed.
     *
     * <p>A duplicate of a finished call (a committed, unexpired record) is answered with its record however many
     * arrive at once and however long their transactions stay open: none waits on another's lock. PostgreSQL reads
     * the record in the claim's own statement and then takes no lock at all, H2 reads it without a lock, and MySQL
     * and MariaDB read it with a shared lock, which its other duplicates share.
     *
     * <p>A duplicate whose first transaction is still open waits for it up to the configured lock wait (on
     * PostgreSQL not at all), then sees its outcome: committed (Existing) or rolled back (Claimed).
     *
     * @throws RecordBusyException when the wait ran out, or the database resolved a deadlock or serialization
     *         conflict against this transaction
     */
    public RecordClaim claim(SqlExecutor sql, NewRecord record) {
        Objects.requireNonNull(record, "record");
        long now = clock.millis();
        try {
            return lockWaitBound.around(sql.touching(table), bounded -> claimWithin(bounded, record, now));
        } catch (SQLException e) {
            throw failures.translate("claim the idempotency record", record.keyHash(), e,
                    statements.insertRaisesDuplicateOnRace());
        }
    }

    private RecordClaim claimWithin(SqlExecutor sql, NewRecord record, long now) throws SQLException {
        for (int attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt++) {
            ClaimInsert insert = statements.insertClaim(sql, record.keyHash(), claimValues(record, now), now);
            if (insert instanceof ClaimInsert.Inserted) {
                return new RecordClaim.Claimed(false);
            }
            if (insert instanceof ClaimInsert.Found found) {
                return new RecordClaim.Existing(found.row());
            }
            Optional<StoredRecord> existing = single(statements.readHolder(sql, record.keyHash(), now));
            if (existing.isPresent()) {
                if (!existing.get().isExpiredAt(Instant.ofEpochMilli(now))) {
                    return new RecordClaim.Existing(existing.get());
                }
                if (sql.update(statements.takeOverExpired(), takeOverValues(record, now)) == 1) {
                    return new RecordClaim.Claimed(true);
                }
            }
        }
        throw new RecordBusyException("The record for key " + record.keyHash() + " in table " + table
                + " appeared and vanished " + CLAIM_ATTEMPTS + " times while it was being claimed: other"
                + " transactions keep inserting and removing it. Roll back and retry the whole call later with the"
                + " same key.", record.keyHash());
    }

    /**
     * Makes the caller's claim final: {@link RecordStatus#COMPLETED} with the call's encoded result, or
     * {@link RecordStatus#FAILED} with an exception that the method declares a final outcome, encoded.
     *
     * @throws IllegalStateException when the caller's transaction holds no IN_PROGRESS record for the key
     */
    public void complete(SqlExecutor sql, String keyHash, RecordStatus finalStatus, String response) {
        ColumnLimits.requireSha256Hex("keyHash", keyHash);
        if (finalStatus == null || finalStatus == RecordStatus.IN_PROGRESS) {
            throw new IllegalArgumentException("A record is completed as COMPLETED or FAILED, not " + finalStatus);
        }
        ColumnLimits.requireResponseFits(response);
        int updated;
        try {
            updated = sql.touching(table).update(statements.markFinal(), finalStatus.name(), response, clock.millis(),
                    keyHash);
        } catch (SQLException e) {
            throw failures.translate("complete the idempotency record", keyHash, e, false);
        }
        if (updated != 1) {
            throw new IllegalStateException("No IN_PROGRESS record for key " + keyHash + " in table " + table
                    + " to mark " + finalStatus + ": complete a record in the same transaction that claimed it,"
                    + " before that transaction ends, and only once");
        }
    }

    /**
     * Deletes the caller's IN_PROGRESS claim after a failed attempt, so that a retry runs the call again even if
     * the caller's transaction still commits its other work.
     *
     * @return whether there was such a claim to delete
     */
    public boolean delete(SqlExecutor sql, String keyHash) {
        ColumnLimits.requireSha256Hex("keyHash", keyHash);
        try {
            return sql.touching(table).update(statements.deleteClaim(), keyHash) == 1;
        } catch (SQLException e) {
            throw failures.translate("delete the idempotency record", keyHash, e, false);
        }
    }

    /**
     * The key's record as committed (or as written by the caller's own transaction), ignoring an expired one;
     * a plain read that takes no lock, for status queries.
     */
    public Optional<StoredRecord> find(SqlExecutor sql, String keyHash) {
        ColumnLimits.requireSha256Hex("keyHash", keyHash);
        try {
            return single(sql.touching(table).query(statements.selectCurrent(), keyHash, clock.millis()));
        } catch (SQLException e) {
            throw failures.translate("read the idempotency record", keyHash, e, false);
        }
    }

    /** The key's record as committed, expired or not: what an operator looks up. A plain read that takes no lock. */
    public Optional<StoredRecord> findIncludingExpired(SqlExecutor sql, String keyHash) {
        ColumnLimits.requireSha256Hex("keyHash", keyHash);
        try {
            return single(sql.touching(table).query(statements.selectAny(), keyHash));
        } catch (SQLException e) {
            throw failures.translate("read the idempotency record", keyHash, e, false);
        }
    }

    /**
     * Up to {@code limit} stuck records, oldest lease first: IN_PROGRESS and committed, with their lease passed and
     * not yet expired. The engine never commits such a row (it completes or deletes its claim first), so one comes
     * from a transaction that committed without either, such as a failed attempt whose claim could not be deleted
     * and whose container transaction committed anyway; each answers "in progress" to its key until it expires.
     * It scans the table: an operator's query, not for every call.
     */
    public List<StoredRecord> stuck(SqlExecutor sql, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        long now = clock.millis();
        try {
            return sql.touching(table).query(statements.selectStuck(), now, now, (long) limit).stream()
                    .map(StoredRecords::fromRow).toList();
        } catch (SQLException e) {
            throw failures.translate("list stuck idempotency records", null, e, false);
        }
    }

    /** How many records are stuck (see {@link #stuck}); like it, a scan of the table. */
    public long countStuck(SqlExecutor sql) {
        long now = clock.millis();
        try {
            return ((Number) sql.touching(table).query(statements.countStuck(), now, now).get(0)[0]).longValue();
        } catch (SQLException e) {
            throw failures.translate("count stuck idempotency records", null, e, false);
        }
    }

    /**
     * Deletes the key's record so that the next call with the key runs again, unless a call still holds it: a
     * final record (COMPLETED, FAILED) or a stuck one (IN_PROGRESS past its lease) goes, a running one stays. A key
     * that another transaction is claiming or reading is waited for as a claim would wait: not at all on PostgreSQL
     * (its advisory lock), up to the lock wait elsewhere.
     *
     * @throws RecordBusyException when the key is being claimed or read right now; retry
     */
    public Invalidation invalidate(SqlExecutor sql, String keyHash) {
        ColumnLimits.requireSha256Hex("keyHash", keyHash);
        long now = clock.millis();
        try {
            SqlExecutor records = sql.touching(table);
            return lockWaitBound.around(records, bounded -> {
                if (statements.deleteUnlessRunning(bounded, keyHash, now) == 1) {
                    return Invalidation.DELETED;
                }
                // A plain read, which takes no lock: it runs unbounded (the bound is for locking statements).
                return records.query(statements.selectAny(), keyHash).isEmpty() ? Invalidation.NOT_FOUND
                        : Invalidation.RUNNING;
            });
        } catch (SQLException e) {
            throw failures.translate("invalidate the idempotency record", keyHash, e, false);
        }
    }

    /**
     * Deletes up to {@code batchSize} expired records and returns how many it deleted. Run each batch in a
     * transaction of its own and repeat while it returns {@code batchSize}: short transactions hold few locks,
     * so the purge rarely collides with claims (on MySQL/MariaDB prefer READ COMMITTED for it, which takes no gap
     * locks).
     */
    public int purgeExpired(SqlExecutor sql, int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1, not " + batchSize);
        }
        try {
            return sql.touching(table).update(statements.purgeExpired(), clock.millis(), (long) batchSize);
        } catch (SQLException e) {
            throw failures.translate("purge expired idempotency records", null, e, false);
        }
    }

    private static Object[] claimValues(NewRecord record, long now) {
        return new Object[] {record.keyHash(), record.action(), record.scope(), record.clientKey(),
                record.fingerprint(), record.fingerprintVersion(), record.encodedFieldDigests(),
                now + record.lease().toMillis(), now, now, now + record.ttl().toMillis()};
    }

    private static Object[] takeOverValues(NewRecord record, long now) {
        return new Object[] {record.action(), record.scope(), record.clientKey(), record.fingerprint(),
                record.fingerprintVersion(), record.encodedFieldDigests(), now + record.lease().toMillis(), now,
                now, now + record.ttl().toMillis(), record.keyHash(), now};
    }

    private static Optional<StoredRecord> single(List<Object[]> rows) {
        return rows.isEmpty() ? Optional.empty() : Optional.of(StoredRecords.fromRow(rows.get(0)));
    }

    /** Configures a {@link RecordStore}; every setting but the dialect has a default. */
    public static final class Builder {

        private final SqlDialect dialect;
        private String table = DEFAULT_TABLE;
        private Duration lockWait = DEFAULT_LOCK_WAIT;
        private Clock clock = Clock.systemUTC();

        private Builder(SqlDialect dialect) {
            this.dialect = Objects.requireNonNull(dialect, "dialect");
        }

        /** The record table's name: a plain SQL identifier, optionally schema-qualified. */
        public Builder table(String table) {
            this.table = TableName.validate(table);
            return this;
        }

        /**
         * How long a claim waits for another transaction that holds the same key before reporting
         * {@link RecordBusyException}. H2 counts milliseconds (zero means "do not wait"). MySQL and MariaDB count
         * whole seconds and round down: under a second means "do not wait" on MariaDB and 1 s on MySQL, its
         * minimum. PostgreSQL ignores it: its claims never wait, they report busy at once while another
         * transaction claims the key.
         */
        public Builder lockWait(Duration lockWait) {
            if (lockWait == null || lockWait.isNegative()) {
                throw new IllegalArgumentException("lockWait must be zero or positive, not " + lockWait);
            }
            this.lockWait = lockWait;
            return this;
        }

        /**
         * The clock for lease, creation and expiry times. All instances sharing a table need roughly synchronised
         * clocks; with TTLs of minutes or more, ordinary NTP skew does not matter.
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        public RecordStore build() {
            return new RecordStore(this);
        }
    }
}
