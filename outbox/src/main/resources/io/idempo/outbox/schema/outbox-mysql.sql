-- idempo outbox table for MySQL 8 and MariaDB 10.6+ (tested on MariaDB 10.11).
-- One row per event an application published with Outbox.publish: written in the caller's own transaction, so it
-- commits or rolls back with the business write, and relayed to the broker afterwards by OutboxRelay.
--
-- The first five columns are the ones Debezium's outbox event router reads by default (id, aggregatetype,
-- aggregateid, type, payload): the same table can be relayed by change data capture instead of the relay, without a
-- migration. The others are the relay's: the order of writing, the state, the attempts and the times (epoch
-- milliseconds in BIGINT, as in the record table; read them with FROM_UNIXTIME(x / 1000)).
--
-- The primary key is seq, not id: InnoDB clusters rows by the primary key, so new events are appended at the end
-- instead of landing at random places of the table as UUIDs would.
--
-- To use another table name, replace idempo_outbox throughout (OutboxSchema.statements does this for you).

CREATE TABLE IF NOT EXISTS idempo_outbox (
    -- The event id, a UUID: the message id on the wire, by which consumers dedupe.
    id            CHAR(36) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    -- The destination (such as a RabbitMQ exchange); Debezium routes by this column.
    aggregatetype VARCHAR(255) NOT NULL,
    -- The aggregate the event belongs to: its events are published in the order of seq, one at a time.
    aggregateid   VARCHAR(255) NOT NULL,
    -- The event type, such as ORDER_PLACED.
    type          VARCHAR(255) NOT NULL,
    -- The body, as written (JSON by convention). MEDIUMTEXT holds 16,777,215 bytes; the store refuses more.
    payload       MEDIUMTEXT   NOT NULL,
    -- The order in which events were written.
    seq           BIGINT       NOT NULL AUTO_INCREMENT,
    -- PENDING until the broker confirmed it, then SENT.
    state         VARCHAR(16)  NOT NULL,
    -- How often the relay handed it to the broker.
    attempts      INT          NOT NULL,
    -- When the business transaction wrote it (epoch ms).
    created_at    BIGINT       NOT NULL,
    -- Not offered to the broker before this (epoch ms): the back-off after the broker refused it.
    available_at  BIGINT       NOT NULL,
    -- When the broker confirmed it (epoch ms); NULL while PENDING.
    sent_at       BIGINT,
    -- Why the broker last refused it; NULL once SENT.
    last_error    VARCHAR(500),
    PRIMARY KEY (seq),
    UNIQUE KEY idempo_outbox_id (id),
    -- The relay reads the pending events in the order they were written.
    INDEX idempo_outbox_pending (state, seq),
    -- An event is offered only while no older event of its aggregate is pending.
    INDEX idempo_outbox_aggregate (aggregatetype, aggregateid, state, seq)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
