-- idempo step table for PostgreSQL (tested on 15).
-- One row per external step: a call that no database transaction can roll back (a charge at a payment provider, a
-- mail), made once per owner and step name by ExternalSteps. The row is written in short transactions of its own
-- before and after the call, never in the business transaction, so no connection or row lock is held while the
-- provider answers.
--
-- Times are epoch milliseconds (UTC) in BIGINT, as in the record table; read them with to_timestamp(x / 1000.0).
--
-- To use another table name, replace idempo_step throughout (StepSchema.statements does this for you).

CREATE TABLE IF NOT EXISTS idempo_step (
    -- The idempotency key sent to the provider: idem- and 40 hexadecimal characters of SHA-256 over the owner and
    -- the step name (StepKey.derivedKey). The same on every retry, so it is the row's key.
    derived_key CHAR(45)     NOT NULL PRIMARY KEY,
    -- Whose step it is: call:<record key hash> or event:<event id>.
    owner       VARCHAR(261) NOT NULL,
    -- The step's name, such as provider.charge.
    step_name   VARCHAR(64)  NOT NULL,
    -- STARTED while attempts run or wait for their retry, then SUCCEEDED or FAILED (final), or INDETERMINATE (the
    -- budget is spent or the outcome cannot be found out: an operator resolves it).
    state       VARCHAR(16)  NOT NULL,
    -- How many attempts have started, the running one included.
    attempts    INTEGER      NOT NULL,
    -- The random token of the attempt holding the step; every write of that attempt names it, so an attempt whose
    -- lease ran out never overwrites a newer one. NULL when no attempt holds the step.
    lease_token VARCHAR(36),
    -- Until when the holding attempt holds it (epoch ms); after that another worker may take the step over.
    lease_until BIGINT,
    -- No attempt starts before this (epoch ms): the backoff after a failed attempt.
    not_before  BIGINT       NOT NULL,
    -- The stored outcome once SUCCEEDED (the encoded result) or FAILED (the permanent failure): <kind>\n<payload>.
    outcome     TEXT,
    -- Why the last failed attempt failed (exception type and message), or why the step was given up.
    last_error  VARCHAR(500),
    -- When the first attempt started (epoch ms); the retry window counts from here.
    created_at  BIGINT       NOT NULL,
    -- When the row last changed (epoch ms).
    updated_at  BIGINT       NOT NULL
);

-- Lists and counts by state (INDETERMINATE for the operator), and the purge of finished steps by age.
CREATE INDEX IF NOT EXISTS idempo_step_state ON idempo_step (state, updated_at);
