-- The example shop's tables for MySQL 8 and MariaDB 10.6+. The idempotency record table comes from idempo-runtime.
-- Money is in minor units (cents) as BIGINT; times are epoch milliseconds, like the record table's.

CREATE TABLE IF NOT EXISTS shop_orders (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    product_id  BIGINT       NOT NULL,
    quantity    INTEGER      NOT NULL,
    amount      BIGINT       NOT NULL,
    -- PENDING, then PAID through a conditional UPDATE ... WHERE status = 'PENDING'.
    status      VARCHAR(16)  NOT NULL,
    created_by  VARCHAR(255) NOT NULL,
    created_at  BIGINT       NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- No unique constraint on order_id on purpose: the conditional update is the guard the example demonstrates,
-- and the reconciliation report checks that no order was paid twice.
CREATE TABLE IF NOT EXISTS shop_payments (
    id              BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    order_id        BIGINT       NOT NULL,
    amount          BIGINT       NOT NULL,
    status          VARCHAR(16)  NOT NULL,
    channel_txn_id  VARCHAR(64)  NOT NULL,
    created_by      VARCHAR(255) NOT NULL,
    created_at      BIGINT       NOT NULL,
    INDEX shop_payments_order_id (order_id),
    FOREIGN KEY (order_id) REFERENCES shop_orders (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE IF NOT EXISTS shop_ledger_entries (
    id              BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    channel_txn_id  VARCHAR(64)  NOT NULL,
    order_id        BIGINT       NOT NULL,
    amount          BIGINT       NOT NULL,
    callback_status VARCHAR(16)  NOT NULL,
    provider        VARCHAR(64)  NOT NULL,
    created_at      BIGINT       NOT NULL,
    INDEX shop_ledger_entries_channel_txn_id (channel_txn_id),
    FOREIGN KEY (order_id) REFERENCES shop_orders (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- The receipt mails the shop sent for PAYMENT_SUCCEEDED events (simulated). No unique key on event_id on purpose: the
-- idempotent consumer is the guard, and the reconciliation report checks that no event took effect twice.
CREATE TABLE IF NOT EXISTS receipt_mails (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    event_id    VARCHAR(36)  NOT NULL,
    order_id    BIGINT       NOT NULL,
    amount      BIGINT       NOT NULL,
    sent_at     BIGINT       NOT NULL,
    INDEX receipt_mails_event_id (event_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- One row per run of a scheduled job (OrderExpiryJob): written by the slot's idempotent call, so a slot has one row
-- however many nodes tick. No unique constraint on (job, slot) on purpose: the idempotency record is the guard,
-- and the reconciliation report (job-slot-run-twice) checks it.
CREATE TABLE IF NOT EXISTS job_runs (
    id              BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    job             VARCHAR(64)  NOT NULL,
    slot            VARCHAR(32)  NOT NULL,
    node            VARCHAR(128) NOT NULL,
    expired_orders  INTEGER      NOT NULL,
    created_at      BIGINT       NOT NULL,
    finished_at     BIGINT       NOT NULL,
    INDEX job_runs_job_slot (job, slot)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
