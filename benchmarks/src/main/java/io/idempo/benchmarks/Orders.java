package io.idempo.benchmarks;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The business method the engine benchmarks measure, once idempotent and once plain: one INSERT of an order row
 * into {@code table}, on the connection of the thread's {@link JdbcTransactions} transaction.
 */
public class Orders {


    private final JdbcTransactions transactions;
    private final String insert;

    public Orders(JdbcTransactions transactions, String table) {
        this.transactions = transactions;
        this.insert = "INSERT INTO " + table + " (client_key, product_id, quantity, amount) VALUES (?, ?, ?, ?)";
    }

    /** The order table, in {@code dialect}. */
    public static String createTable(SqlDialect dialect, String table) {
        String id = dialect == SqlDialect.POSTGRESQL ? "BIGSERIAL" : "BIGINT AUTO_INCREMENT";
        return "CREATE TABLE " + table + " (id " + id + " PRIMARY KEY, client_key VARCHAR(255), product_id BIGINT,"
                + " quantity INT, amount DECIMAL(12,2))";
    }

    @Idempotent(action = "bench.orders.create")
    public String place(Shapes.OrderRequest request, @IdempotencyKey String key) throws SQLException {
        return placePlain(request, key);
    }

    public String placePlain(Shapes.OrderRequest request, String key) throws SQLException {
        try (PreparedStatement statement = transactions.currentConnection().prepareStatement(insert)) {
            statement.setString(1, key);
            statement.setLong(2, request.productId());
            statement.setInt(3, request.quantity());
            statement.setBigDecimal(4, request.amount());
            statement.executeUpdate();
        }
        return key;
    }
}
