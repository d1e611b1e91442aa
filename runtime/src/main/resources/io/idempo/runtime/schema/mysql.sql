-- idempo record table for MySQL 8 and MariaDB 10.6+ (tested on MariaDB 10.11).
-- One row per idempotency key: the final truth about whether a call ran and what it answered. The row is
-- inserted and completed inside the caller's own transaction, so it commits or rolls back with the business write.
--
-- Times are epoch milliseconds (UTC) in BIGINT rather than TIMESTAMP/DATETIME columns: the same Java long
-- round-trips unchanged through every database and driver, with no session time zone, no TIMESTAMP 2038 limit,
-- no DATETIME-without-zone ambiguity and no provider-specific binding of java.time values in JPA native
-- queries. Comparisons and the purge index stay plain integer work. Read them with FROM_UNIXTIME(expires_at / 1000).
--
-- The hex columns use the ascii charset with binary collation: 64 bytes per key in the index instead of 256,
-- and no case-insensitive match between two different hashes.
--
-- To use another table name, replace idempo_record throughout (RecordSchema.statements does this for you).

CREATE TABLE IF NOT EXISTS idempo_record (
    -- Lowercase hex SHA-256 of action, scope and client key, computed by the caller: the unique key.
    key_hash            CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- The action (operation) name the key belongs to; kept for status queries and diagnostics.
    action              VARCHAR(64)  NOT NULL,
    -- The principal or tenant the key is scoped to, so one user's key never replays another user's response.
    scope               VARCHAR(255) NOT NULL,
    -- The key as the client sent it.
    client_key          VARCHAR(255) NOT NULL,
    -- Lowercase hex SHA-256 of the call's declared fields: a retry with other parameters is told apart.
    fingerprint         CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- Which field plan produced the fingerprint, so a changed plan is not mistaken for changed parameters.
    fingerprint_version VARCHAR(16)  NOT NULL,
    -- One "path=hex" line per fingerprinted field (short digests, never values): names what differs on a mismatch.
    -- TEXT holds 65,535 bytes: the store refuses more than 16,000 characters, which fit even at 4 bytes each.
    field_digests       TEXT         NOT NULL,
    -- IN_PROGRESS while the claiming transaction runs, then COMPLETED or FAILED (a stored exception).
    status              VARCHAR(16)  NOT NULL,
    -- The encoded result (or stored exception) that duplicates replay; NULL while IN_PROGRESS.
    -- MEDIUMTEXT holds 16,777,215 bytes; the store refuses longer responses on every database alike.
    response            MEDIUMTEXT,
    -- Until when the claimant is presumed alive (epoch ms); NULL once the record is final.
    lease_until         BIGINT,
    -- When the key was first claimed (epoch ms).
    created_at          BIGINT       NOT NULL,
    -- When the row last changed (epoch ms).
    updated_at          BIGINT       NOT NULL,
    -- From then on (epoch ms) the row is dead: a new claim takes it over and the purge deletes it.
    expires_at          BIGINT       NOT NULL,
    PRIMARY KEY (key_hash),
    -- The purge deletes by expiry in small batches.
    INDEX idempo_record_expires_at (expires_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
