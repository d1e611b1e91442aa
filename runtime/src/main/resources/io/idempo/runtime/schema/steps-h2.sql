-- idempo step table for H2 2.x (tested on 2.2.224, the H2 that Payara Micro 6 bundles), in H2's default mode and
-- in MODE=PostgreSQL alike.
-- One row per external step: a call that no database transaction can roll back (a charge at a payment provider, a
-- mail), made once per owner and step name by ExternalSteps. The row is written in short transactions of its own
-- before and after the call, never in the business transaction.
--
-- Times are epoch milliseconds (UTC) in BIGINT, as in the record table.
--
-- To use another table name, replace idempo_step throughout (StepSchema.statements does this for you).

CREATE TABLE IF NOT EXISTS idempo_step (
    -- The idempotency key sent to the provider: idem- and 40 hexadecimal characters (StepKey.derivedKey).
    derived_key CHAR(45)     NOT NULL PRIMARY KEY,
    -- Whose step it is: call:<record key hash> or event:<event id>.
    owner       VARCHAR(261) NOT NULL,
    -- The step's name, such as provider.charge.
    step_name   VARCHAR(64)  NOT NULL,
    -- STARTED, SUCCEEDED, FAILED or INDETERMINATE.
    state       VARCHAR(16)  NOT NULL,
    -- How many attempts have started, the running one included.
    attempts    INTEGER      NOT NULL,
    -- The random token of the attempt holding the step; NULL when none does.
    lease_token VARCHAR(36),
    -- Until when the holding attempt holds it (epoch ms).
    lease_until BIGINT,
    -- No attempt starts before this (epoch ms): the backoff after a failed attempt.
    not_before  BIGINT       NOT NULL,
    -- The stored outcome once SUCCEEDED or FAILED: <kind>\n<payload>.
    outcome     CLOB,
    -- Why the last failed attempt failed, or why the step was given up.
    last_error  VARCHAR(500),
    -- When the first attempt started (epoch ms).
    created_at  BIGINT       NOT NULL,
    -- When the row last changed (epoch ms).
    updated_at  BIGINT       NOT NULL
);

-- Lists and counts by state, and the purge of finished steps by age.
CREATE INDEX IF NOT EXISTS idempo_step_state ON idempo_step (state, updated_at);
