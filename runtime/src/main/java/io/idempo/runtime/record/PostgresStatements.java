package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;

/**
 * PostgreSQL 9.5 and later. A claim is one statement that never waits. It first reads the key's committed,
 * unexpired row; when there is one, it answers with it and does nothing else. Otherwise it takes a transaction-level
 * advisory lock on the key without blocking ({@code pg_try_advisory_xact_lock}), and inserts only when it got the
 * lock. Every claimer that may write the key (insert it, take an expired row over, invalidate it) asks for that
 * lock first and holds it until its transaction ends, so:
 * <ul>
 *   <li>a committed, unexpired row: the call finished (or, IN_PROGRESS, committed without finishing); the row is the
 *       answer, read without any lock, so duplicates of a finished call never meet each other's locks;</li>
 *   <li>no lock: another transaction is claiming or running the key right now: busy, at once;</li>
 *   <li>the lock, and 1 row inserted: the key is ours;</li>
 *   <li>the lock, and no row inserted: a row committed since the statement began, or an expired one, holds the
 *       key, and no claimer is writing it, so the locking read that follows cannot wait on one.</li>
 * </ul>
 * This replaces a {@code lock_timeout} set and put back around the insert (two extra round trips per claim) with
 * nothing: the first call sends its claim and its completion, no more, and a duplicate its claim alone.
 *
 * <p>The read comes before the lock because a duplicate that took the lock would hold it to the end of its
 * transaction: the duplicates of a finished call arriving meanwhile would find it taken and be told busy ("in
 * progress") by each other.
 */
final class PostgresStatements extends RecordStatements {

    /**
     * The advisory lock is a bigint of the key hash's first 16 hex characters; its space is shared with the
     * application's own single-key advisory locks, where a collision only makes a claim report busy once.
     */
    private static final int LOCK_KEY_HEX = 16;

    /** How many of the claim's result columns are the found row's ({@link #COLUMNS}). */
    private static final int FOUND_COLUMNS = 13;

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

    /**
     * In one round trip: the key's committed, unexpired row; the advisory lock, only when there is no such row; the
     * insert, only when the lock was free. It returns one row: the found row's {@link #COLUMNS} (all null when
     * none), then 1 or 0 for the lock (0 also when a row was found), then the number of rows inserted. Parameters:
     * key_hash, now, the lock's key, then the {@link #CLAIM_VALUES}.
     *
     * <p>The CASE keeps {@code pg_try_advisory_xact_lock} from running when a row was found: PostgreSQL evaluates
     * only the branch a CASE needs, except for constant subexpressions, which the planner may fold early, and
     * aggregates ("Expression Evaluation Rules" in its manual); a volatile function of a parameter is neither. The
     * found row is a CTE read twice, so it is computed once, and all parts of the statement see one snapshot.
     */
    private String readLockAndInsert() {
        return "WITH found AS (SELECT " + COLUMNS + " FROM " + table + " WHERE key_hash = ? AND expires_at > ?),"
                + " claimer AS (SELECT CASE WHEN EXISTS (SELECT 1 FROM found) THEN NULL"
                + " ELSE pg_try_advisory_xact_lock(?) END AS locked),"
                + " inserted AS (INSERT INTO " + table + " (" + COLUMNS + ") SELECT ?, ?, ?, ?, ?, ?, ?,"
                + " 'IN_PROGRESS', NULL, ?, ?, ?, ? FROM claimer WHERE claimer.locked"
                + " ON CONFLICT (key_hash) DO NOTHING RETURNING 1)"
                + " SELECT " + COLUMNS + ", CASE WHEN claimer.locked THEN 1 ELSE 0 END,"
                + " (SELECT COUNT(*) FROM inserted) FROM claimer LEFT JOIN found ON TRUE";
    }

    @Override
    ClaimInsert insertClaim(SqlExecutor sql, String keyHash, Object[] claimValues, long now) throws SQLException {
        Object[] parameters = new Object[claimValues.length + 3];
        parameters[0] = keyHash;
        parameters[1] = now;
        parameters[2] = lockKey(keyHash);
        System.arraycopy(claimValues, 0, parameters, 3, claimValues.length);
        Object[] row = sql.query(readLockAndInsert(), parameters).get(0);
        if (row[0] != null) {
            return new ClaimInsert.Found(StoredRecords.fromRow(row));
        }
        if (((Number) row[FOUND_COLUMNS]).longValue() == 0) {
            throw new RecordBusyException("The record for key " + keyHash + " in table " + table + " is being"
                    + " claimed by another transaction right now (its advisory lock is held). Roll back and retry"
                    + " the whole call later with the same key.", keyHash);
        }
        return ((Number) row[FOUND_COLUMNS + 1]).intValue() == 1 ? ClaimInsert.INSERTED : ClaimInsert.CONFLICT;
    }

    /**
     * Takes the key's advisory lock as a claim does, without waiting, so that the delete never waits on a claimer's
     * row lock either: every claimer that locks the key's row holds the advisory lock until its transaction ends,
     * and a duplicate answered by the committed row locks nothing.
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

    /**
     * A share lock, read while the claim holds the advisory lock: after a row committed while the claim's statement
     * ran, or to take an expired row over.
     */
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
