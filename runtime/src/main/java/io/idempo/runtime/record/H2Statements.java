package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;
import java.util.List;

/**
 * H2 2.x, in its default mode or in {@code MODE=PostgreSQL}.
 *
 * <p>What inserts without raising on a duplicate, as tested on H2 2.2.224 (Payara Micro 6's default datasource
 * runs H2 in its default mode):
 * <ul>
 * <li>{@code INSERT ... ON CONFLICT DO NOTHING} exists only in {@code MODE=PostgreSQL}, and only without a conflict
 *     target ({@code ON CONFLICT (key_hash)} is a syntax error). It is race-free: a second inserter waits for the
 *     first transaction, then affects 0 rows (commit) or 1 (rollback).</li>
 * <li>{@code INSERT IGNORE} exists only in {@code MODE=MySQL}/{@code MariaDB}.</li>
 * <li>The default mode has neither. {@code INSERT ... SELECT ... WHERE NOT EXISTS} works in every mode and affects
 *     0 rows for a committed duplicate, but when two transactions insert the same key at the same moment the second
 *     waits for the first and, if it commits, raises 23505. The store treats that 23505 as "busy" (retryable); a
 *     duplicate arriving after the first transaction committed, the usual case, still affects 0 rows quietly.
 *     {@code MERGE INTO ... USING ... WHEN NOT MATCHED THEN INSERT} races the same way and is no alternative: it
 *     locks the row it matched until the transaction ends, so the duplicates of a finished call queued on each
 *     other and were told busy once the lock wait ran out.</li>
 * <li>{@code SET MODE PostgreSQL} would switch the syntax on, but it changes the mode of the whole database for
 *     every connection, so the store never does it.</li>
 * </ul>
 *
 * <p>H2 has no shared row lock, so the key's row is read without a lock when that read finds it unexpired (see
 * {@link #readHolder}); neither insert above locks a committed row, so the duplicates of a finished call never
 * meet each other's locks.
 */
final class H2Statements extends RecordStatements {

    private final boolean postgresMode;

    H2Statements(String table, boolean postgresMode) {
        super(table);
        this.postgresMode = postgresMode;
    }

    @Override
    String insertIfAbsent() {
        if (postgresMode) {
            return "INSERT INTO " + table + " (" + COLUMNS + ") " + CLAIM_VALUES + " ON CONFLICT DO NOTHING";
        }
        return "INSERT INTO " + table + " (" + COLUMNS + ") SELECT claim.key_hash, claim.action, claim.scope,"
                + " claim.client_key, claim.fingerprint, claim.fingerprint_version, claim.field_digests,"
                + " 'IN_PROGRESS', NULL, claim.lease_until, claim.created_at, claim.updated_at, claim.expires_at"
                + " FROM (VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)) AS claim (key_hash, action, scope, client_key,"
                + " fingerprint, fingerprint_version, field_digests, lease_until, created_at, updated_at, expires_at)"
                + " WHERE NOT EXISTS (SELECT 1 FROM " + table + " held WHERE held.key_hash = claim.key_hash)";
    }

    /**
     * A plain read first: at READ COMMITTED, H2's default, it sees the row that kept the insert from inserting, which
     * was committed (the insert waits for an open inserter). When it finds no unexpired row (an expired one to take
     * over, or none left) the locking read decides, as before. A duplicate of a finished call thus sends the insert
     * and one read, as before, and locks nothing.
     */
    @Override
    List<Object[]> readHolder(SqlExecutor sql, String keyHash, long now) throws SQLException {
        List<Object[]> current = sql.query(selectCurrent(), keyHash, now);
        return current.isEmpty() ? super.readHolder(sql, keyHash, now) : current;
    }

    @Override
    boolean insertRaisesDuplicateOnRace() {
        return !postgresMode;
    }

    /**
     * H2 has no shared row lock (FOR SHARE is a syntax error), so the locking read is FOR UPDATE; only a claim that
     * found no unexpired row with its plain read takes it.
     */
    @Override
    String selectLocked() {
        return "SELECT " + COLUMNS + " FROM " + table + " WHERE key_hash = ? FOR UPDATE";
    }

    @Override
    String purgeExpired() {
        return "DELETE FROM " + table + " WHERE expires_at <= ? FETCH FIRST ? ROWS ONLY";
    }

    @Override
    String firstRows() {
        return "FETCH FIRST ? ROWS ONLY";
    }
}
