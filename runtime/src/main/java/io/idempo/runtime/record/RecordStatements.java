package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.SQLException;
import java.util.List;

/**
 * The SQL text of every record operation for one table. The statements every database accepts live here; each
 * dialect supplies the parts that differ: the conflict-free insert, the locking read, the batched purge and how a
 * query is cut to its first rows.
 *
 * <p>The statement texts contain no {@code :} so that JPA providers never mistake part of them for a named
 * parameter.
 */
abstract class RecordStatements {

    /** Every column, in the order {@link StoredRecords#fromRow} reads them. */
    static final String COLUMNS = "key_hash, action, scope, client_key, fingerprint, fingerprint_version,"
            + " field_digests, status, response, lease_until, created_at, updated_at, expires_at";

    /**
     * The VALUES of a new claim; its parameters are key_hash, action, scope, client_key, fingerprint,
     * fingerprint_version, field_digests, lease_until, created_at, updated_at and expires_at.
     */
    static final String CLAIM_VALUES = "VALUES (?, ?, ?, ?, ?, ?, ?, 'IN_PROGRESS', NULL, ?, ?, ?, ?)";

    /** The condition of a stuck row: IN_PROGRESS, its lease passed, not expired. Parameters: now, now. */
    private static final String STUCK = " WHERE status = 'IN_PROGRESS' AND lease_until <= ? AND expires_at > ?";

    final String table;

    RecordStatements(String table) {
        this.table = table;
    }

    /**
     * Inserts a claim with the {@link #CLAIM_VALUES} parameters, or affects 0 rows when the key exists. It must
     * never raise a unique violation: inside a JTA transaction that marks the caller's transaction rollback-only,
     * and on PostgreSQL it aborts the transaction.
     */
    abstract String insertIfAbsent();

    /**
     * Runs the claim's insert with the {@link #CLAIM_VALUES} parameters: {@link ClaimInsert#INSERTED} when this
     * transaction now holds a new row for the key, {@link ClaimInsert#CONFLICT} when a row exists. A dialect that
     * reads the key's committed row in the same statement answers with it ({@link ClaimInsert.Found}); one that can
     * tell at once that another transaction is claiming the key throws {@link RecordBusyException} instead of
     * waiting for it.
     *
     * @param now the claim's time (epoch ms), before which a row found must not expire
     */
    ClaimInsert insertClaim(SqlExecutor sql, String keyHash, Object[] claimValues, long now) throws SQLException {
        return sql.update(insertIfAbsent(), claimValues) == 1 ? ClaimInsert.INSERTED : ClaimInsert.CONFLICT;
    }

    /**
     * Reads the row that kept the claim's insert from inserting (none when it vanished meanwhile), with the
     * {@link #COLUMNS}: by default the {@link #selectLocked locking read}, which returns the latest committed version
     * even where the transaction reads an older snapshot (MySQL/MariaDB REPEATABLE READ). A dialect without a shared
     * row lock reads without a lock first, so that the duplicates of a finished call never queue on each other.
     */
    List<Object[]> readHolder(SqlExecutor sql, String keyHash, long now) throws SQLException {
        return sql.query(selectLocked(), keyHash);
    }

    /**
     * Reads the key's row with a lock, so that it returns the latest committed version even where the
     * transaction reads an older snapshot (MySQL/MariaDB REPEATABLE READ). Parameter: key_hash.
     */
    abstract String selectLocked();

    /** Deletes at most a batch of expired rows. Parameters: now (epoch ms), batch size. */
    abstract String purgeExpired();

    /** The clause that ends a query after its first rows, with the row count as its parameter. */
    abstract String firstRows();

    /**
     * Whether {@link #insertIfAbsent} can still raise a unique violation when two transactions insert the same key
     * at the same moment; such a violation then means "busy", not a broken table.
     */
    boolean insertRaisesDuplicateOnRace() {
        return false;
    }

    /** Reads the key's unexpired row without locking it. Parameters: key_hash, now (epoch ms). */
    final String selectCurrent() {
        return "SELECT " + COLUMNS + " FROM " + table + " WHERE key_hash = ? AND expires_at > ?";
    }

    /**
     * Turns an expired row into a new claim. Parameters: action, scope, client_key, fingerprint,
     * fingerprint_version, field_digests, lease_until, created_at, updated_at, expires_at, key_hash, now (epoch ms).
     * The expiry condition is repeated so that a row renewed meanwhile is never overwritten.
     */
    final String takeOverExpired() {
        return "UPDATE " + table + " SET action = ?, scope = ?, client_key = ?, fingerprint = ?,"
                + " fingerprint_version = ?, field_digests = ?, status = 'IN_PROGRESS', response = NULL,"
                + " lease_until = ?, created_at = ?, updated_at = ?, expires_at = ?"
                + " WHERE key_hash = ? AND expires_at <= ?";
    }

    /** Makes a claim final. Parameters: status, response, updated_at, key_hash. */
    final String markFinal() {
        return "UPDATE " + table + " SET status = ?, response = ?, lease_until = NULL, updated_at = ?"
                + " WHERE key_hash = ? AND status = 'IN_PROGRESS'";
    }

    /** Reads the key's row whatever its state, expired or not, without locking it. Parameter: key_hash. */
    final String selectAny() {
        return "SELECT " + COLUMNS + " FROM " + table + " WHERE key_hash = ?";
    }

    /**
     * The unexpired IN_PROGRESS rows whose lease has passed, oldest lease first: committed claims that nothing will
     * complete, each blocking its key until it expires. Parameters: now (epoch ms), now, row count. No index serves
     * it; it is an operator's query, not a call's.
     */
    final String selectStuck() {
        return "SELECT " + COLUMNS + " FROM " + table + STUCK + " ORDER BY lease_until " + firstRows();
    }

    /** How many rows {@link #selectStuck} would list without a limit. Parameters: now (epoch ms), now. */
    final String countStuck() {
        return "SELECT COUNT(*) FROM " + table + STUCK;
    }

    /**
     * Deletes the key's row unless a live call holds it: a final row, or an IN_PROGRESS one whose lease has passed;
     * returns the rows deleted, 1 or 0. A dialect whose claims lock the key otherwise takes that lock first.
     *
     * @throws RecordBusyException when a claimer holds the key right now
     */
    int deleteUnlessRunning(SqlExecutor sql, String keyHash, long now) throws SQLException {
        return sql.update(deleteUnlessRunning(), keyHash, now);
    }

    /** The statement of {@link #deleteUnlessRunning(SqlExecutor, String, long)}. Parameters: key_hash, now. */
    final String deleteUnlessRunning() {
        return "DELETE FROM " + table + " WHERE key_hash = ? AND (status <> 'IN_PROGRESS' OR lease_until <= ?)";
    }

    /** Removes a claim whose attempt failed. Parameter: key_hash. */
    final String deleteClaim() {
        return "DELETE FROM " + table + " WHERE key_hash = ? AND status = 'IN_PROGRESS'";
    }
}
