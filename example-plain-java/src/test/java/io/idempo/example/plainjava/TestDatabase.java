package io.idempo.example.plainjava;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;

/**
 * The databases the example is proven on: H2 in memory (its default) and the PostgreSQL and MariaDB servers on
 * 127.0.0.1. Each test gets a schema (PostgreSQL), a database (MariaDB) or an in-memory database (H2) of its own,
 * reached through the URL the example reads from DB_URL, and dropped afterwards.
 */
enum TestDatabase {

    H2 {
        @Override
        Scratch create(String name) {
            return new Scratch(this, "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1;MODE=PostgreSQL", "sa", "SHUTDOWN");
        }
    },
    POSTGRESQL {
        @Override
        Scratch create(String name) throws SQLException {
            String server = "jdbc:postgresql://127.0.0.1:5432/test";
            execute(server, "postgres", "CREATE SCHEMA " + name);
            return new Scratch(this, server + "?currentSchema=" + name, "postgres", "DROP SCHEMA " + name + " CASCADE");
        }
    },
    MARIADB {
        @Override
        Scratch create(String name) throws SQLException {
            execute("jdbc:mariadb://127.0.0.1:3306/test", "root", "CREATE DATABASE " + name);
            return new Scratch(this, "jdbc:mariadb://127.0.0.1:3306/" + name, "root", "DROP DATABASE " + name);
        }
    };

    abstract Scratch create(String name) throws SQLException;

    /** A database of the test's own: a unique name, created now. */
    Scratch create() throws SQLException {
        return create("idempo_example_" + UUID.randomUUID().toString().substring(0, 8));
    }

    private static void execute(String url, String user, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, "");
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** One test's database: its URL, and how many rows a query counts in it. Closing drops it. */
    record Scratch(TestDatabase database, String url, String user, String drop) implements AutoCloseable {

        /** The example's settings for this database, with claims in this JVM. */
        Settings settings() {
            return new Settings(url, user, "", Optional.empty(), Settings.DEFAULT_REDIS_PREFIX);
        }

        /** The same, with claims in the Redis at {@code redisUrl} under {@code prefix}. */
        Settings settings(String redisUrl, String prefix) {
            return new Settings(url, user, "", Optional.of(redisUrl), prefix);
        }

        long count(String sql, Object... parameters) throws SQLException {
            try (Connection connection = DriverManager.getConnection(url, user, "");
                 PreparedStatement statement = connection.prepareStatement(sql)) {
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
            TestDatabase.execute(url, user, sql);
        }

        @Override
        public void close() throws SQLException {
            execute(drop);
        }
    }
}
