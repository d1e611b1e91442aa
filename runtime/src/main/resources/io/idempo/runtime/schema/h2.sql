-- idempo record table for H2 2.x (tested on 2.2.224, the H2 that Payara Micro 6 bundles), in H2's default
-- mode and in MODE=PostgreSQL alike.
-- One row per idempotency key: the final truth about whether a call ran and what it answered. The row is
-- inserted and completed inside the caller's own transaction, so it commits or rolls back with the business write.
--
-- Times are epoch milliseconds (UTC) in BIGINT rather than TIMESTAMP columns: the same Java long round-trips
-- unchanged through every database and driver, with no session time zone and no provider-specific binding of
-- java.time values in JPA native queries. Comparisons and the purge index stay plain integer work.
--
-- The table is the same in every mode, but the claim is not: ON CONFLICT DO NOTHING exists only in MODE=PostgreSQL,
-- where two racing inserts of one key settle quietly. In the default mode (Payara's jdbc/__default) the store uses
-- MERGE ... WHEN NOT MATCHED THEN INSERT, which is quiet for a committed duplicate but raises 23505 when two
-- transactions insert one key at the same moment; the store reports that as busy (retry later). See H2Statements.
--
-- To use another table name, replace idempo_record throughout (RecordSchema.statements does this for you).

CREATE TABLE IF NOT EXISTS idempo_record (
    -- Lowercase hex SHA-256 of action, scope and client key, computed by the caller: the unique key.
    key_hash            CHAR(64)       NOT NULL PRIMARY KEY,
    -- The action (operation) name the key belongs to; kept for status queries and diagnostics.
    action              VARCHAR(64)    NOT NULL,
    -- The principal or tenant the key is scoped to, so one user's key never replays another user's response.
    scope               VARCHAR(255)   NOT NULL,
    -- The key as the client sent it.
    client_key          VARCHAR(255)   NOT NULL,
    -- Lowercase hex SHA-256 of the call's declared fields: a retry with other parameters is told apart.
    fingerprint         CHAR(64)       NOT NULL,
    -- Which field plan produced the fingerprint, so a changed plan is not mistaken for changed parameters.
    fingerprint_version VARCHAR(16)    NOT NULL,
    -- One "path=hex" line per fingerprinted field (short digests, never values): names what differs on a mismatch.
    field_digests       VARCHAR(16000) NOT NULL,
    -- IN_PROGRESS while the claiming transaction runs, then COMPLETED or FAILED (a stored exception).
    status              VARCHAR(16)    NOT NULL,
    -- The encoded result (or stored exception) that duplicates replay; NULL while IN_PROGRESS.
    response            CLOB,
    -- Until when the claimant is presumed alive (epoch ms); NULL once the record is final.
    lease_until         BIGINT,
    -- When the key was first claimed (epoch ms).
    created_at          BIGINT         NOT NULL,
    -- When the row last changed (epoch ms).
    updated_at          BIGINT         NOT NULL,
    -- From then on (epoch ms) the row is dead: a new claim takes it over and the purge deletes it.
    expires_at          BIGINT         NOT NULL
);

-- The purge deletes by expiry in small batches.
CREATE INDEX IF NOT EXISTS idempo_record_expires_at ON idempo_record (expires_at);
