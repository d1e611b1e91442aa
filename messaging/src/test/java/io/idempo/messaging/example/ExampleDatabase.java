package io.idempo.messaging.example;

import io.idempo.outbox.OutboxSchema;
import io.idempo.outbox.OutboxStore;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.SqlDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;

/** An H2 database of the examples' own, with the default record and outbox tables and the examples' tables. */
final class ExampleDatabase {

    final JdbcDataSource dataSource = new JdbcDataSource();

    ExampleDatabase() throws SQLException {
        dataSource.setURL("jdbc:h2:mem:example-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        dataSource.setUser("sa");
        List<String> ddl = new ArrayList<>(RecordSchema.statements(SqlDialect.H2, "idempo_record"));
        ddl.add("CREATE TABLE settlement (channel_txn_id VARCHAR(64) NOT NULL, status VARCHAR(16) NOT NULL,"
                + " amount DECIMAL(12,2) NOT NULL)");
        ddl.add("CREATE TABLE minute_report (slot VARCHAR(32) NOT NULL, node VARCHAR(32) NOT NULL)");
        ddl.addAll(OutboxSchema.statements(SqlDialect.H2, OutboxStore.DEFAULT_TABLE));
        ddl.add("CREATE TABLE shop_order (id VARCHAR(36) NOT NULL, product VARCHAR(64) NOT NULL,"
                + " amount DECIMAL(12,2) NOT NULL)");
        ddl.add("CREATE TABLE receipt (event_id VARCHAR(36) NOT NULL, order_id VARCHAR(36) NOT NULL)");
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            for (String each : ddl) {
                statement.execute(each);
            }
        }
    }

    int count(String sql) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getInt(1);
        }
    }

    void drop() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP ALL OBJECTS");
        }
    }
}
