package io.idempo.benchmarks.messaging;

import io.idempo.Idempotent;
import io.idempo.runtime.tx.JdbcTransactions;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The handler's work, twice: the same INSERT, once in an {@code @Idempotent} method keyed by the message id (the
 * engine begins and commits its transaction) and once plain (the handler runs it in a transaction of its own).
 */
public class EventBook {

    private final JdbcTransactions transactions;
    private final String table;

    public EventBook(JdbcTransactions transactions, String table) {
        this.transactions = transactions;
        this.table = table;
    }

    @Idempotent(action = "bench.book", ttl = "PT1H", noResult = true)
    public void bookOnce(BenchEvent event) throws SQLException {
        book(event);
    }

    public void book(BenchEvent event) throws SQLException {
        try (PreparedStatement insert = transactions.currentConnection().prepareStatement(
                "INSERT INTO " + table + " (reference, amount_cents) VALUES (?, ?)")) {
            insert.setString(1, event.reference());
            insert.setLong(2, event.amountCents());
            insert.executeUpdate();
        }
    }
}
