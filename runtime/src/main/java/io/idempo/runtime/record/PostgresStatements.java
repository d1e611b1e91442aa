package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;
import java.util.List;

/**
 * PostgreSQL 9.5 and later. A claim is one statement that never waits: it takes a transaction-level advisory lock on
 * the key without blocking ({@code pg_try_advisory_xact_lock}), and inserts only when it got the lock. Every claimer
 * of a key asks for that lock first, and holds it until its transaction ends, so:
 * <ul>
 *   <li>no lock: another transaction is claiming or running the key right now: busy, at once;</li>
 *   <li>the lock, and 1 row inserted: the key is ours;</li>
 *   <li>the lock, and no row inserted: a committed row holds the key, and no claimer is writing it, so the locking
 *       read that follows cannot wait on one.</li>
 * </ul>
 * This replaces a {@code lock_timeout} set and put back around the insert (two extra round trips per claim) with
 * nothing: the first call sends its claim and its completion, no more.
 */
final class PostgresStatements extends RecordStatements {

    /**
     * The advisory lock is a bigint of the key hash's first 16 hex characters; its space is shared with the
     * application's own single-key advisory locks, where a collision only makes a claim report busy once.
     */
    private static final int LOCK_KEY_HEX = 16;

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

    /** The advisory lock, then the insert if the lock was free, in one round trip: (locked, inserted). */
    private String lockThenInsert() {
        return "WITH claimer AS (SELECT pg_try_advisory_xact_lock(?) AS locked),"
                + " inserted AS (INSERT INTO " + table + " (" + COLUMNS + ") SELECT ?, ?, ?, ?, ?, ?, ?,"
                + " 'IN_PROGRESS', NULL, ?, ?, ?, ? FROM claimer WHERE claimer.locked"
                + " ON CONFLICT (key_hash) DO NOTHING RETURNING 1)"
                + " SELECT CASE WHEN claimer.locked THEN 1 ELSE 0 END, (SELECT COUNT(*) FROM inserted) FROM claimer";
    }

    @Override
    int insertClaim(SqlExecutor sql, String keyHash, Object[] claimValues) throws SQLException {
        Object[] parameters = new Object[claimValues.length + 1];
        parameters[0] = lockKey(keyHash);
        System.arraycopy(claimValues, 0, parameters, 1, claimValues.length);
        List<Object[]> rows = sql.query(lockThenInsert(), parameters);
        Object[] row = rows.get(0);
        if (((Number) row[0]).longValue() == 0) {
            throw new RecordBusyException("The record for key " + keyHash + " in table " + table + " is being"
                    + " claimed by another transaction right now (its advisory lock is held). Roll back and retry"
                    + " the whole call later with the same key.", keyHash);
        }
        return ((Number) row[1]).intValue();
    }

    /**
     * Takes the key's advisory lock as a claim does, without waiting, so that the delete never waits on a claimer's
     * row lock either: every claimer of the key, a duplicate reading the row included, holds the advisory lock
     * until its transaction ends.
     */
    @Override
    int deleteUnlessRunning(SqlExecutor sql, String keyHash, long now) throws SQLException {
        Object locked = sql.query("SELECT CASE WHEN pg_try_advisory_xact_lock(?) THEN 1 ELSE 0 END",
                lockKey(keyHash)).get(0)[0];
        if (((Number) locked).longValue() == 0) {
            throw new RecordBusyException("The record for key " + keyHash + " in table " + table + " is held by a"
                    + " claimer right now (its advisory lock is held): a call with the key is running or being"
                    + " answered. Retry later.", keyHash);
        }
        return super.deleteUnlessRunning(sql, keyHash, now);
    }

    private static long lockKey(String keyHash) {
        return Long.parseUnsignedLong(keyHash.substring(0, LOCK_KEY_HEX), 16);
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
