package io.idempo.runtime.record;

/** PostgreSQL 9.5 and later. */
final class PostgresStatements extends RecordStatements {

    PostgresStatements(String table) {
        super(table);
    }

    /**
     * At READ COMMITTED a second inserter waits for the first transaction, then affects 0 rows (it committed) or
     * 1 (it rolled back). MERGE is not an alternative: it raises 23505 under the same race.
     */
    @Override
    String insertIfAbsent() {
        return "INSERT INTO " + table + " (" + COLUMNS + ") " + CLAIM_VALUES + " ON CONFLICT (key_hash) DO NOTHING";
    }

    /** A share lock: concurrent duplicates read the winner's row side by side instead of queueing on it. */
    @Override
    String selectLocked() {
        return "SELECT " + COLUMNS + " FROM " + table + " WHERE key_hash = ? FOR SHARE";
    }

    /**
     * {@code ctid = ANY (ARRAY(...))} lets PostgreSQL fetch the rows by physical address (a TID scan), where
     * {@code ctid IN (SELECT ...)} may plan a scan of the whole table. SKIP LOCKED leaves rows that a live
     * transaction is taking over to a later batch instead of waiting for it.
     */
    @Override
    String purgeExpired() {
        return "DELETE FROM " + table + " WHERE ctid = ANY (ARRAY(SELECT ctid FROM " + table
                + " WHERE expires_at <= ? LIMIT ? FOR UPDATE SKIP LOCKED))";
    }

    @Override
    String firstRows() {
        return "LIMIT ?";
    }
}
