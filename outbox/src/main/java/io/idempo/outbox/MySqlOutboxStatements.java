package io.idempo.outbox;

/**
 * MySQL 8 and MariaDB 10.6 and later (the first versions with SKIP LOCKED). Run the relay at READ COMMITTED: at
 * REPEATABLE READ InnoDB keeps the locks of every row the claim examined and the gaps between them for the whole
 * batch, so business transactions that write new events would wait for the broker's confirms.
 */
final class MySqlOutboxStatements extends OutboxStatements {

    MySqlOutboxStatements(String table) {
        super(table);
    }

    /** INSERT IGNORE hides truncation too, which is why {@link NewEvent} checks every length first. */
    @Override
    String insertIfAbsent() {
        return "INSERT IGNORE INTO " + table + " (" + INSERTED_COLUMNS + ") " + NEW_EVENT_VALUES;
    }

    @Override
    String claimHeads() {
        return pendingHeads() + " LIMIT ? FOR UPDATE SKIP LOCKED";
    }

    @Override
    String purgeSent() {
        return "DELETE FROM " + table + " WHERE state = 'SENT' AND sent_at <= ? ORDER BY seq LIMIT ?";
    }
}
