package io.idempo.runtime.record;

/** MySQL 8 and MariaDB 10.6 and later, through mysql-connector-j or the MariaDB driver. */
final class MySqlStatements extends RecordStatements {

    MySqlStatements(String table) {
        super(table);
    }

    /**
     * INSERT IGNORE affects 0 rows on a duplicate with every driver setting. It also turns truncation and NOT NULL
     * errors into warnings, which is why {@link ColumnLimits} checks every value first.
     * {@code ON DUPLICATE KEY UPDATE k = k} is no alternative: it reports 1 row for a duplicate unless the JDBC
     * URL says {@code useAffectedRows=true}.
     */
    @Override
    String insertIfAbsent() {
        return "INSERT IGNORE INTO " + table + " (" + COLUMNS + ") " + CLAIM_VALUES;
    }

    /**
     * At REPEATABLE READ (the default) a plain SELECT reads the transaction's snapshot and misses a row committed
     * after the transaction's first read; a locking read sees it. A share lock, because INSERT IGNORE already left
     * a share lock on the duplicate: upgrading it to exclusive in several waiters at once would deadlock them.
     * LOCK IN SHARE MODE, not FOR SHARE: MariaDB 10.x knows only the former, MySQL 8 both.
     */
    @Override
    String selectLocked() {
        return "SELECT " + COLUMNS + " FROM " + table + " WHERE key_hash = ? LOCK IN SHARE MODE";
    }

    /**
     * Oldest first, through the expires_at index. The range lock can still meet a concurrent claim's lock (MariaDB
     * then reports a deadlock, mapped to {@link RecordBusyException}); small batches in short transactions keep that
     * rare and cheap.
     */
    @Override
    String purgeExpired() {
        return "DELETE FROM " + table + " WHERE expires_at <= ? ORDER BY expires_at LIMIT ?";
    }

    @Override
    String firstRows() {
        return "LIMIT ?";
    }
}
