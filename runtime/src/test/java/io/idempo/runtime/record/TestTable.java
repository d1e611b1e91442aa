package io.idempo.runtime.record;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/** A record table of its own for one test, created from the shipped DDL and dropped afterwards. */
final class TestTable implements AutoCloseable {

    final DatabaseUnderTest database;
    final String name;

    private TestTable(DatabaseUnderTest database, String name) {
        this.database = database;
        this.name = name;
    }

    static TestTable create(DatabaseUnderTest database) throws SQLException {
        TestTable table = new TestTable(database, "idempo_t_" + UUID.randomUUID().toString().substring(0, 8));
        table.run(RecordSchema.statements(database.dialect, table.name).toArray(String[]::new));
        return table;
    }

    RecordStore.Builder store() {
        return RecordStore.builder(database.dialect).table(name);
    }

    int rowCount() throws SQLException {
        return count("SELECT COUNT(*) FROM " + name);
    }

    int rowCount(String keyHash) throws SQLException {
        try (Connection connection = database.open();
             PreparedStatement statement = connection.prepareStatement(
                     "SELECT COUNT(*) FROM " + name + " WHERE key_hash = ?")) {
            statement.setString(1, keyHash);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                int count = result.getInt(1);
                connection.commit();
                return count;
            }
        }
    }

    private int count(String sql) throws SQLException {
        try (Connection connection = database.open();
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            result.next();
            int count = result.getInt(1);
            connection.commit();
            return count;
        }
    }

    private void run(String... statements) throws SQLException {
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
            connection.commit();
        }
    }

    @Override
    public void close() throws SQLException {
        run("DROP TABLE " + name);
    }
}
