package io.idempo.outbox;

/** PostgreSQL 9.5 and later, on the partial indexes of the shipped DDL (pending events, and sent ones by age). */
final class PostgresOutboxStatements extends OutboxStatements {

    PostgresOutboxStatements(String table) {
        super(table);
    }

    @Override
    String insertIfAbsent() {
        return "INSERT INTO " + table + " (" + INSERTED_COLUMNS + ") " + NEW_EVENT_VALUES
                + " ON CONFLICT (id) DO NOTHING";
    }

    /** PostgreSQL locks rows as the limit passes them up, so the claim locks exactly the rows it returns. */
    @Override
    String claimHeads() {
        return pendingHeads() + " LIMIT ? FOR UPDATE OF o SKIP LOCKED";
    }

    /** {@code seq = ANY (ARRAY(...))}: fetched by primary key, where {@code IN (SELECT ...)} may scan the table. */
    @Override
    String purgeSent() {
        return "DELETE FROM " + table + " WHERE seq = ANY (ARRAY(SELECT seq FROM " + table
                + " WHERE state = 'SENT' AND sent_at <= ? ORDER BY sent_at LIMIT ? FOR UPDATE SKIP LOCKED))";
    }
}
