package io.idempo.outbox;

import io.idempo.runtime.internal.SqlErrors;
import io.idempo.runtime.internal.TableName;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The outbox table, read and written with native SQL on the transaction of the {@link SqlExecutor} it is given: the
 * business transaction for {@link #insert}, the relay's own short transactions for the rest. It never commits or
 * rolls back. A store is immutable and safe to share between threads.
 *
 * <p>Database failures surface as {@link OutboxBusyException} (rows locked by another transaction: retry later) or
 * {@link OutboxStoreException} (the message says what to check); invalid arguments as
 * {@link IllegalArgumentException}.
 */
public final class OutboxStore {

    public static final String DEFAULT_TABLE = "idempo_outbox";

    /** What the relay records of a broker's refusal, so that the column can hold it on every database. */
    private static final int LAST_ERROR_LENGTH = 500;

    private static final String IF_CONNECTION_FAILED = "If this happened while committing, the transaction may have"
            + " committed anyway: a batch the relay published then is published again, and consumers dedupe it by the"
            + " event id.";

    private final SqlDialect dialect;
    private final String table;
    private final Clock clock;
    private final OutboxStatements statements;
    private final SqlErrors.Table described;

    private OutboxStore(Builder builder) {
        this.dialect = builder.dialect;
        this.table = builder.table;
        this.clock = builder.clock;
        this.statements = OutboxStatements.of(dialect, table);
        this.described = new SqlErrors.Table(table, OutboxSchema.resource(dialect), "OutboxSchema.statements",
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
     * Writes a PENDING event with id {@code id}, unless an event with that id exists; never raises a unique
     * violation, which would doom the caller's transaction.
     *
     * @return whether the event was written (false: the id is taken)
     */
    public boolean insert(SqlExecutor sql, String id, NewEvent event) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(event, "event");
        long now = clock.millis();
        try {
            return sql.touching(table).update(statements.insertIfAbsent(), id, event.destination(),
                    event.aggregateId(), event.type(), event.payload(), now, now) == 1;
        } catch (SQLException e) {
            throw failure("write the event " + id, e);
        }
    }

    /**
     * Locks and returns up to {@code limit} pending events that are due, oldest first, each the oldest pending event
     * of its aggregate; rows that another transaction holds are skipped, not waited for. Keep the transaction open
     * until the events are {@linkplain #markSent marked sent} or {@linkplain #retryLater put back}.
     */
    public List<OutboxEvent> claim(SqlExecutor sql, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        List<Object[]> rows;
        try {
            rows = sql.touching(table).query(statements.claimHeads(), clock.millis(), (long) limit);
        } catch (SQLException e) {
            throw failure("claim pending events", e);
        }
        List<OutboxEvent> events = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            events.add(new OutboxEvent((String) row[0], (String) row[1], (String) row[2], (String) row[3],
                    (String) row[4], Instant.ofEpochMilli((Long) row[5]), Math.toIntExact((Long) row[6])));
        }
        return events;
    }

    /** Marks claimed events sent: the broker confirmed them. */
    public void markSent(SqlExecutor sql, Collection<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        Object[] parameters = new Object[ids.size() + 1];
        parameters[0] = clock.millis();
        int i = 1;
        for (String id : ids) {
            parameters[i++] = Objects.requireNonNull(id, "id");
        }
        try {
            sql.touching(table).update(statements.markSent(ids.size()), parameters);
        } catch (SQLException e) {
            throw failure("mark " + ids.size() + " events sent", e);
        }
    }

    /** Leaves a claimed event pending for at least {@code delay}, recording why the broker refused it. */
    public void retryLater(SqlExecutor sql, String id, Duration delay, String reason) {
        String recorded = reason.length() > LAST_ERROR_LENGTH ? reason.substring(0, LAST_ERROR_LENGTH) : reason;
        try {
            sql.touching(table).update(statements.retryLater(), clock.millis() + delay.toMillis(), recorded, id);
        } catch (SQLException e) {
            throw failure("put the event " + id + " back", e);
        }
    }

    /**
     * Deletes up to {@code batchSize} events sent more than {@code retention} ago and returns how many it deleted.
     * Run each batch in a transaction of its own and repeat while it returns {@code batchSize}.
     */
    public int purgeSent(SqlExecutor sql, Duration retention, int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1, not " + batchSize);
        }
        try {
            return sql.touching(table).update(statements.purgeSent(), clock.millis() - retention.toMillis(),
                    (long) batchSize);
        } catch (SQLException e) {
            throw failure("purge sent events", e);
        }
    }

    private OutboxStoreException failure(String operation, SQLException e) {
        String failed = "Could not " + operation + " in table " + table + SqlErrors.describe(e) + ". ";
        if (SqlErrors.isContention(e)) {
            return new OutboxBusyException(failed + "Rows of the table are locked by another transaction; retry"
                    + " later.", e);
        }
        return new OutboxStoreException(failed + SqlErrors.whatToCheck(e, described, IF_CONNECTION_FAILED), e);
    }

    /** Configures an {@link OutboxStore}; every setting but the dialect has a default. */
    public static final class Builder {

        private final SqlDialect dialect;
        private String table = DEFAULT_TABLE;
        private Clock clock = Clock.systemUTC();

        private Builder(SqlDialect dialect) {
            this.dialect = Objects.requireNonNull(dialect, "dialect");
        }

        /** The outbox table's name: a plain SQL identifier, optionally schema-qualified. */
        public Builder table(String name) {
            this.table = TableName.validate(name);
            return this;
        }

        /** The clock for the creation, due and sent times. */
        public Builder clock(Clock storeClock) {
            this.clock = Objects.requireNonNull(storeClock, "clock");
            return this;
        }

        public OutboxStore build() {
            return new OutboxStore(this);
        }
    }
}
