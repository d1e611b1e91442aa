package io.idempo.runtime.record;

import io.idempo.runtime.spi.SqlExecutor;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs statements on the caller's JDBC {@link Connection}, inside whatever transaction it has open. It never
 * commits, rolls back, changes auto-commit or closes the connection: those belong to the caller.
 */
public final class JdbcSqlExecutor implements SqlExecutor {

    private final Connection connection;

    public JdbcSqlExecutor(Connection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
    }

    @Override
    public int update(String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            return statement.executeUpdate();
        }
    }

    @Override
    public List<Object[]> query(String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            try (ResultSet results = statement.executeQuery()) {
                int columns = results.getMetaData().getColumnCount();
                List<Object[]> rows = new ArrayList<>();
                while (results.next()) {
                    Object[] row = new Object[columns];
                    for (int i = 0; i < columns; i++) {
                        row[i] = ColumnValues.normalize(results.getObject(i + 1));
                    }
                    rows.add(row);
                }
                return rows;
            }
        }
    }

    private static void bind(PreparedStatement statement, Object[] parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            Object parameter = parameters[i];
            if (parameter instanceof String text) {
                statement.setString(i + 1, text);
            } else if (parameter instanceof Long number) {
                statement.setLong(i + 1, number);
            } else {
                throw new IllegalArgumentException("Parameter " + (i + 1) + " must be a String or a Long, not "
                        + (parameter == null ? "null" : parameter.getClass().getName()));
            }
        }
    }
}
