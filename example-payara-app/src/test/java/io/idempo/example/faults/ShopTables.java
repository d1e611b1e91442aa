package io.idempo.example.faults;

import io.idempo.testing.database.TestSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** What the fault tests read behind the app's back: orders per product, and the idempotency records. */
final class ShopTables {

    private ShopTables() {
    }

    /** How many orders name {@code product}: how often the call that placed them ran. */
    static long orders(TestSchema database, long product) throws SQLException {
        return ordersPerProduct(database, product, 1).getOrDefault(product, 0);
    }

    /** The orders of each product in {@code [first, first + count)} that has any. */
    static Map<Long, Integer> ordersPerProduct(TestSchema database, long first, long count) throws SQLException {
        Map<Long, Integer> orders = new HashMap<>();
        try (Connection connection = database.connect();
             PreparedStatement query = connection.prepareStatement("SELECT product_id, COUNT(*) FROM shop_orders"
                     + " WHERE product_id >= ? AND product_id < ? GROUP BY product_id")) {
            query.setLong(1, first);
            query.setLong(2, first + count);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    orders.put(rows.getLong(1), rows.getInt(2));
                }
            }
        }
        return orders;
    }

    /** The record's key hash (its Redis key, after the prefix) for a client key. */
    static String recordKeyHash(TestSchema database, String clientKey) throws SQLException {
        try (Connection connection = database.connect();
             PreparedStatement query = connection.prepareStatement(
                     "SELECT key_hash FROM idempo_record WHERE client_key = ?")) {
            query.setString(1, clientKey);
            try (ResultSet rows = query.executeQuery()) {
                if (!rows.next()) {
                    throw new AssertionError("no idempotency record for " + clientKey);
                }
                return rows.getString(1);
            }
        }
    }

    /** Records that claim a call is still running. */
    static long recordsInProgress(TestSchema database) throws SQLException {
        try (Connection connection = database.connect();
             ResultSet rows = connection.createStatement().executeQuery(
                     "SELECT COUNT(*) FROM idempo_record WHERE status = 'IN_PROGRESS'")) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
