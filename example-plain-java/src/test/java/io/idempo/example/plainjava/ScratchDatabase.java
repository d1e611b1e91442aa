package io.idempo.example.plainjava;

import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;

/**
 * One test's database, reached through the URL the example reads from DB_URL, and dropped at close: on the local
 * PostgreSQL and MariaDB servers a schema of the test's own ({@link TestSchema}), on H2 (the example's default) a
 * database in memory, in PostgreSQL mode.
 */
final class ScratchDatabase implements AutoCloseable {

    private final String url;
    private final String user;
    private final String password;
    /** Null on H2, which is shut down instead. */
    private final TestSchema schema;

    private ScratchDatabase(String url, String user, String password, TestSchema schema) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.schema = schema;
    }

    /** A database of the test's own on {@code kind}, created now under a unique name. */
    static ScratchDatabase create(DatabaseKind kind) throws SQLException {
        if (kind == DatabaseKind.H2) {
            TestDatabase h2 = TestDatabase.h2InPostgresqlMode(
                    "idempo_example_" + UUID.randomUUID().toString().substring(0, 8));
            return new ScratchDatabase(h2.url(), h2.user(), h2.password(), null);
        }
        TestSchema schema = TestDatabase.local(kind).freshSchema();
        schema.create();
        return new ScratchDatabase(schema.url(), schema.user(), schema.password(), schema);
    }

    String url() {
        return url;
    }

    String user() {
        return user;
    }

    /** The example's settings for this database, with claims in this JVM. */
    Settings settings() {
        return new Settings(url, user, password, Optional.empty(), Settings.DEFAULT_REDIS_PREFIX);
    }

    /** The same, with claims in the Redis at {@code redisUrl} under {@code prefix}. */
    Settings settings(String redisUrl, String prefix) {
        return new Settings(url, user, password, Optional.of(redisUrl), prefix);
    }

    long count(String sql, Object... parameters) throws SQLException {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    void execute(String sql) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    @Override
    public void close() throws SQLException {
        if (schema == null) {
            execute("SHUTDOWN");
        } else {
            schema.drop();
        }
    }
}
