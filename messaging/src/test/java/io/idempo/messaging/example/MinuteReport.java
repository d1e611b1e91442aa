package io.idempo.messaging.example;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.tx.JdbcTransactions;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A job that every node of a cluster schedules each minute, and that must run once per minute: the unit of work
 * is idempotent, keyed by its slot (the minute, in ISO-8601) under the job's own action.
 */
public class MinuteReport {

    private final JdbcTransactions transactions;
    private final String node;

    public MinuteReport(JdbcTransactions transactions, String node) {
        this.transactions = transactions;
        this.node = node;
    }

    /** What each node's scheduler calls; true on the node that ran the slot, false on the others. */
    public boolean tick(Instant now) throws SQLException {
        String slot = now.truncatedTo(ChronoUnit.MINUTES).toString();   // 2026-12-01T12:20:00Z
        try {
            return node.equals(runFor(slot));
        } catch (IdempotencyInProgressException e) {
            return false;                                                // another node is running this minute
        }
    }

    /** The report of one minute; returns the node that ran it, which later calls for the slot replay. */
    @Idempotent(action = "reports.minute", ttl = "PT1H")
    public String runFor(@IdempotencyKey String slot) throws SQLException {
        try (PreparedStatement insert = transactions.currentConnection().prepareStatement(
                "INSERT INTO minute_report (slot, node) VALUES (?, ?)")) {
            insert.setString(1, slot);
            insert.setString(2, node);
            insert.executeUpdate();
        }
        return node;
    }
}
