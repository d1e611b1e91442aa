package io.idempo.outbox;

import io.idempo.runtime.record.SqlDialect;
import java.util.Collections;

/**
 * The SQL text of every outbox operation for one table. The statements every database accepts live here; each
 * dialect supplies the three that differ: the conflict-free insert, the claim's row limit and the batched purge.
 *
 * <p>The texts contain no {@code :}, so that JPA providers never mistake part of them for a named parameter.
 */
abstract class OutboxStatements {

    /** The columns of a claimed event, in the order {@link OutboxStore} reads them. */
    static final String EVENT_COLUMNS = "o.id, o.aggregatetype, o.aggregateid, o.type, o.payload, o.created_at,"
            + " o.attempts";

    /** The columns a new event sets, in the order of its parameters and {@link #NEW_EVENT_VALUES}. */
    static final String INSERTED_COLUMNS = "id, aggregatetype, aggregateid, type, payload, created_at, available_at,"
            + " state, attempts, sent_at, last_error";

    /** Parameters: id, aggregatetype, aggregateid, type, payload, created_at, available_at. */
    static final String NEW_EVENT_VALUES = "VALUES (?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, NULL, NULL)";

    final String table;

    OutboxStatements(String table) {
        this.table = table;
    }

    static OutboxStatements of(SqlDialect dialect, String table) {
        return switch (dialect) {
            case POSTGRESQL -> new PostgresOutboxStatements(table);
            case MYSQL, MARIADB -> new MySqlOutboxStatements(table);
            case H2, H2_POSTGRESQL_MODE -> new H2OutboxStatements(table);
        };
    }

    /**
     * Inserts a new PENDING event with the {@link #NEW_EVENT_VALUES} parameters, or affects 0 rows when the id
     * exists. It must never raise a unique violation: that would doom the caller's transaction (the business write's).
     */
    abstract String insertIfAbsent();

    /**
     * Locks and returns the oldest pending events that are each the oldest pending event of their aggregate, up to a
     * limit, skipping rows that another relay holds. Parameters: now (epoch ms), limit.
     */
    abstract String claimHeads();

    /** Deletes at most a batch of events sent before a time. Parameters: sent before (epoch ms), batch size. */
    abstract String purgeSent();

    /**
     * The pending events that are due and have no older pending event of their aggregate, oldest first. A relay that
     * holds the head of an aggregate therefore keeps every later event of that aggregate from every other relay until
     * it has marked the head sent and committed: the head is still PENDING for everyone else, so the events behind it
     * are not heads. That is what keeps the order of an aggregate's events with several relays: SKIP LOCKED alone
     * would let a second relay skip the locked head and take the next event.
     */
    final String pendingHeads() {
        return "SELECT " + EVENT_COLUMNS + " FROM " + table + " o WHERE o.state = 'PENDING' AND o.available_at <= ?"
                + " AND NOT EXISTS (SELECT 1 FROM " + table + " e WHERE e.aggregatetype = o.aggregatetype"
                + " AND e.aggregateid = o.aggregateid AND e.state = 'PENDING' AND e.seq < o.seq)"
                + " ORDER BY o.seq";
    }

    /**
     * Marks claimed events sent. Parameters: sent_at (epoch ms), then {@code count} ids. The state condition keeps a
     * row that is no longer pending as it is.
     */
    final String markSent(int count) {
        return "UPDATE " + table + " SET state = 'SENT', sent_at = ?, attempts = attempts + 1, last_error = NULL"
                + " WHERE id IN (" + String.join(", ", Collections.nCopies(count, "?")) + ") AND state = 'PENDING'";
    }

    /** Puts a refused event back for later. Parameters: available_at (epoch ms), last_error, id. */
    final String retryLater() {
        return "UPDATE " + table + " SET attempts = attempts + 1, available_at = ?, last_error = ?"
                + " WHERE id = ? AND state = 'PENDING'";
    }
}
