package io.idempo.runtime.step;

import io.idempo.runtime.internal.SqlErrors;
import io.idempo.runtime.internal.TableName;
import io.idempo.runtime.internal.TextColumns;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.StoredOutcome;
import java.sql.SQLException;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The step table, read and written with native SQL on the transaction of the {@link SqlExecutor} it is given: the
 * short transactions {@link ExternalSteps} begins before and after each call, and an operator's
 * ({@code StepAdministration}). It never commits or rolls back, never takes a lock of its own beyond the rows it
 * writes, and never raises a unique violation for a step that exists. A store is immutable and safe to share.
 *
 * <p>Times are epoch milliseconds that the caller passes ({@code now}), so that one clock decides everything a run
 * does. Database failures surface as {@link StepStoreBusyException} (another transaction holds the rows: retry
 * later) or {@link StepStoreException} (the message says what to check); invalid arguments as
 * {@link IllegalArgumentException}.
 */
public final class StepStore {

    public static final String DEFAULT_TABLE = "idempo_step";

    /** The columns' sizes in the shipped DDL, checked before each write (MySQL's INSERT IGNORE would truncate). */
    static final int STEP_NAME_LENGTH = 64;
    static final int LEASE_TOKEN_LENGTH = 36;
    static final int LAST_ERROR_LENGTH = 500;

    private static final String IF_CONNECTION_FAILED = "If this happened while committing, the step's state may have"
            + " been written anyway; the next run reads it.";

    private final SqlDialect dialect;
    private final String table;
    private final StepStatements statements;
    private final SqlErrors.Table described;

    private StepStore(Builder builder) {
        this.dialect = builder.dialect;
        this.table = builder.table;
        this.statements = new StepStatements(dialect, table);
        this.described = new SqlErrors.Table(table, StepSchema.resource(dialect), "StepSchema.statements",
                dialect.name());
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
     * Inserts the step's row as its first attempt: STARTED, one attempt, held by {@code leaseToken} until
     * {@code leaseUntil}; or affects nothing when the step exists.
     *
     * @return whether the row was inserted (false: the step exists; read it with {@link #find})
     * @throws StepStoreBusyException when another transaction is inserting the same step (H2)
     */
    public boolean start(SqlExecutor sql, StepKey key, String leaseToken, long leaseUntil, long now) {
        String derivedKey = key.derivedKey();
        TextColumns.requireFits("owner", key.owner().text(), StepOwner.MAX_TEXT_LENGTH);
        TextColumns.requireFits("step_name", key.stepName(), STEP_NAME_LENGTH);
        TextColumns.requireFits("lease_token", leaseToken, LEASE_TOKEN_LENGTH);
        try {
            return sql.touching(table).update(statements.insertStarted(), derivedKey, key.owner().text(),
                    key.stepName(), leaseToken, leaseUntil, now, now, now) == 1;
        } catch (SQLException e) {
            // The insert never conflicts with a committed row: a unique violation is a concurrent insert (H2).
            throw failure("start the step " + derivedKey, e, SqlErrors.isUniqueViolation(e));
        }
    }

    /** The step's row as committed (or as this transaction wrote it); a plain read that takes no lock. */
    public Optional<StoredStep> find(SqlExecutor sql, String derivedKey) {
        Objects.requireNonNull(derivedKey, "derivedKey");
        try {
            List<Object[]> rows = sql.touching(table).query(statements.select(), derivedKey);
            return rows.isEmpty() ? Optional.empty() : Optional.of(fromRow(rows.get(0)));
        } catch (SQLException e) {
            throw failure("read the step " + derivedKey, e, false);
        }
    }

    /**
     * Starts another attempt of {@code seen}, a STARTED step that no attempt holds, if its row has not changed since
     * it was read: one attempt more, held by {@code leaseToken} until {@code leaseUntil}.
     *
     * @return whether the attempt holds the step now (false: another worker changed it meanwhile)
     */
    public boolean takeLease(SqlExecutor sql, StoredStep seen, String leaseToken, long leaseUntil, long now) {
        TextColumns.requireFits("lease_token", leaseToken, LEASE_TOKEN_LENGTH);
        return update(sql, "take the lease of the step", seen.derivedKey(), statements.takeLease(), leaseToken,
                leaseUntil, now, seen.derivedKey(), (long) seen.attempts(), now);
    }

    /**
     * Makes {@code seen}, a STARTED step that no attempt holds, INDETERMINATE without calling, if its row has not
     * changed since it was read.
     *
     * @return whether it did (false: another worker changed the row meanwhile)
     */
    public boolean giveUp(SqlExecutor sql, StoredStep seen, String why, long now) {
        return update(sql, "give up the step", seen.derivedKey(), statements.giveUp(), lastError(why), now,
                seen.derivedKey(), (long) seen.attempts(), now);
    }

    /**
     * Ends the attempt holding {@code leaseToken} with a final state and its outcome: SUCCEEDED with the result,
     * FAILED with the permanent failure.
     *
     * @return whether the attempt still held the step (false: its lease ran out and another attempt took it)
     */
    public boolean finish(SqlExecutor sql, String derivedKey, String leaseToken, StepState state,
                          StoredOutcome outcome, long now) {
        requireFinal(state);
        String text = outcome.text();
        requireOutcomeFits(text);
        return update(sql, "finish the step", derivedKey, statements.finish(), state.name(), text, now, derivedKey,
                leaseToken);
    }

    /**
     * Ends the attempt holding {@code leaseToken} as failed for now: the step stays STARTED, free for another attempt
     * from {@code notBefore} on.
     *
     * @return whether the attempt still held the step
     */
    public boolean retryLater(SqlExecutor sql, String derivedKey, String leaseToken, long notBefore, String error,
                              long now) {
        return update(sql, "put the step back", derivedKey, statements.retryLater(), notBefore, lastError(error), now,
                derivedKey, leaseToken);
    }

    /**
     * Ends the attempt holding {@code leaseToken} with the step INDETERMINATE: never called again by itself.
     *
     * @return whether the attempt still held the step
     */
    public boolean abandon(SqlExecutor sql, String derivedKey, String leaseToken, String why, long now) {
        return update(sql, "give up the step", derivedKey, statements.abandon(), lastError(why), now, derivedKey,
                leaseToken);
    }

    /**
     * An operator's resolution: makes an INDETERMINATE step SUCCEEDED or FAILED with {@code outcome}.
     *
     * @return whether the step was INDETERMINATE (false: it does not exist or is in another state)
     */
    public boolean resolve(SqlExecutor sql, String derivedKey, StepState state, StoredOutcome outcome, long now) {
        requireFinal(state);
        String text = outcome.text();
        requireOutcomeFits(text);
        return update(sql, "resolve the step", derivedKey, statements.resolve(), state.name(), text, now, derivedKey);
    }

    /** Up to {@code limit} steps in {@code state}, longest unchanged first. */
    public List<StoredStep> list(SqlExecutor sql, StepState state, int limit) {
        Objects.requireNonNull(state, "state");
        return query(sql, "list " + state + " steps", statements.listInState(), state.name(), (long) positive(limit));
    }

    /**
     * Up to {@code limit} steps of every state, those that need an operator first (INDETERMINATE, then STARTED);
     * a scan of the table.
     */
    public List<StoredStep> list(SqlExecutor sql, int limit) {
        return query(sql, "list steps", statements.listAll(), (long) positive(limit));
    }

    /** How many steps are in each state; every state is in the map, with 0 when it has none. */
    public Map<StepState, Long> count(SqlExecutor sql) {
        Map<StepState, Long> counts = new EnumMap<>(StepState.class);
        for (StepState state : StepState.values()) {
            counts.put(state, 0L);
        }
        try {
            for (Object[] row : sql.touching(table).query(statements.countByState())) {
                counts.put(state((String) row[0]), ((Number) row[1]).longValue());
            }
        } catch (SQLException e) {
            throw failure("count steps", e, false);
        }
        return counts;
    }

    /**
     * Deletes up to {@code batchSize} SUCCEEDED or FAILED steps that ended before {@code endedBefore} (epoch ms) and
     * returns how many. Run each batch in a transaction of its own and repeat while it returns {@code batchSize}. A
     * step deleted is forgotten: an owner that runs it again calls the provider again, so keep steps longer than any
     * owner may be retried (an event redelivered, a client retrying with its key).
     */
    public int purgeFinished(SqlExecutor sql, long endedBefore, int batchSize) {
        try {
            return sql.touching(table).update(statements.purgeFinished(), endedBefore, (long) positive(batchSize));
        } catch (SQLException e) {
            throw failure("purge finished steps", e, false);
        }
    }

    /** Runs a write of one step's row; whether it changed the row. */
    private boolean update(SqlExecutor sql, String operation, String derivedKey, String statement,
                           Object... parameters) {
        try {
            return sql.touching(table).update(statement, parameters) == 1;
        } catch (SQLException e) {
            throw failure(operation + " " + derivedKey, e, false);
        }
    }

    private List<StoredStep> query(SqlExecutor sql, String operation, String statement, Object... parameters) {
        try {
            return sql.touching(table).query(statement, parameters).stream().map(StepStore::fromRow).toList();
        } catch (SQLException e) {
            throw failure(operation, e, false);
        }
    }

    private StepStoreException failure(String operation, SQLException e, boolean contention) {
        String failed = "Could not " + operation + " in table " + table + SqlErrors.describe(e) + ". ";
        if (contention || SqlErrors.isContention(e)) {
            return new StepStoreBusyException(failed + "Another transaction holds the step's rows; retry later.", e);
        }
        return new StepStoreException(failed + SqlErrors.whatToCheck(e, described, IF_CONNECTION_FAILED), e);
    }

    private static String lastError(String text) {
        return text.length() > LAST_ERROR_LENGTH ? text.substring(0, LAST_ERROR_LENGTH) : text;
    }

    private static void requireFinal(StepState state) {
        if (state != StepState.SUCCEEDED && state != StepState.FAILED) {
            throw new IllegalArgumentException("A step ends SUCCEEDED or FAILED, not " + state);
        }
    }

    private static void requireOutcomeFits(String text) {
        if (!TextColumns.fitsMediumText(text)) {
            throw new IllegalArgumentException("The step's outcome is longer than " + TextColumns.MEDIUMTEXT_UTF8_BYTES
                    + " UTF-8 bytes, the most the outcome column holds (MySQL MEDIUMTEXT); return a smaller result");
        }
    }

    private static int positive(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("A limit or batch size must be at least 1, not " + limit);
        }
        return limit;
    }

    static StoredStep fromRow(Object[] row) {
        return new StoredStep((String) row[0], (String) row[1], (String) row[2], state((String) row[3]),
                Math.toIntExact((Long) row[4]), (String) row[5], instant(row[6]), instant(row[7]), (String) row[8],
                (String) row[9], instant(row[10]), instant(row[11]));
    }

    private static Instant instant(Object epochMillis) {
        return epochMillis == null ? null : Instant.ofEpochMilli((Long) epochMillis);
    }

    private static StepState state(String name) {
        try {
            return StepState.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Unknown step state '" + name + "': the row was written by something other"
                    + " than this version of idempo; expected one of STARTED, SUCCEEDED, FAILED, INDETERMINATE", e);
        }
    }

    /** Configures a {@link StepStore}; every setting but the dialect has a default. */
    public static final class Builder {

        private final SqlDialect dialect;
        private String table = DEFAULT_TABLE;

        private Builder(SqlDialect dialect) {
            this.dialect = Objects.requireNonNull(dialect, "dialect");
        }

        /** The step table's name: a plain SQL identifier, optionally schema-qualified. */
        public Builder table(String name) {
            this.table = TableName.validate(name);
            return this;
        }

        public StepStore build() {
            return new StepStore(this);
        }
    }
}
