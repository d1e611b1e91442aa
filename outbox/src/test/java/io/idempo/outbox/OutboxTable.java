package io.idempo.outbox;

import io.idempo.runtime.record.DatabaseUnderTest;
import io.idempo.runtime.record.JdbcSqlExecutor;
import io.idempo.runtime.spi.SqlExecutor;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

/** An outbox table of its own for one test, created from the shipped DDL and dropped afterwards. */
final class OutboxTable implements AutoCloseable {

    @FunctionalInterface
    interface Work<T> {
        T run(SqlExecutor sql) throws Exception;
    }

    final DatabaseUnderTest database;
    final String name;

    private OutboxTable(DatabaseUnderTest database, String name) {
        this.database = database;
        this.name = name;
    }

    static OutboxTable create(DatabaseUnderTest database) throws Exception {
        OutboxTable table = new OutboxTable(database, "outbox_t_" + UUID.randomUUID().toString().substring(0, 8));
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            for (String ddl : OutboxSchema.statements(database.dialect, table.name)) {
                statement.execute(ddl);
            }
            connection.commit();
        }
        return table;
    }

    OutboxStore.Builder store() {
        return OutboxStore.builder(database.dialect).table(name);
    }

    /** Commits if the work returns, rolls back if it throws. */
    <T> T inTransaction(Work<T> work) throws Exception {
        try (Connection connection = database.open()) {
            try {
                T result = work.run(new JdbcSqlExecutor(connection));
                connection.commit();
                return result;
            } catch (Exception | Error e) {
                connection.rollback();
                throw e;
            }
        }
    }

    /** Rows as {@code id|aggregatetype|aggregateid|type|state|attempts}, in the order written. */
    List<String> rows() throws Exception {
        return inTransaction(sql -> sql.query("SELECT id, aggregatetype, aggregateid, type, state, attempts FROM "
                + name + " ORDER BY seq").stream()
                .map(row -> row[0] + "|" + row[1] + "|" + row[2] + "|" + row[3] + "|" + row[4] + "|" + row[5])
                .toList());
    }

    @Override
    public void close() throws Exception {
        inTransaction(sql -> sql.update("DROP TABLE " + name));
    }
}
