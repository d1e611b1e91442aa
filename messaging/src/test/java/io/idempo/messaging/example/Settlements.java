package io.idempo.messaging.example;

import io.idempo.Idempotent;
import io.idempo.runtime.tx.JdbcTransactions;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** The business service the consumer calls: one settlement row per provider transaction and status. */
public class Settlements {

    private final JdbcTransactions transactions;

    public Settlements(JdbcTransactions transactions) {
        this.transactions = transactions;
    }

    @Idempotent(action = "payments.settle", key = "{event.channelTxnId}:{event.status}", ttl = "PT24H",
            noResult = true)
    public void settle(ProviderEvent event) throws SQLException {
        try (PreparedStatement insert = transactions.currentConnection().prepareStatement(
                "INSERT INTO settlement (channel_txn_id, status, amount) VALUES (?, ?, ?)")) {
            insert.setString(1, event.channelTxnId());
            insert.setString(2, event.status());
            insert.setBigDecimal(3, event.amount());
            insert.executeUpdate();
        }
    }
}
