package io.idempo.example.e2e;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The database a server under test runs on. PostgreSQL and MariaDB get a fresh schema (database) per server, so
 * that every configuration starts empty and leaves nothing behind; the embedded default needs nothing.
 *
 * <p>The servers are the local ones the CI script starts; override with the system properties
 * {@code e2e.postgresql.url}, {@code e2e.postgresql.user}, {@code e2e.postgresql.password},
 * {@code e2e.mariadb.url}, {@code e2e.mariadb.user} and {@code e2e.mariadb.password}.
 */
public final class TestDatabase {

    /** Which kind of database. */
    public enum Kind {
        H2, POSTGRESQL, MARIADB
    }

    private final Kind kind;
    private final String schema;
    private final String url;
    private final String user;
    private final String password;
    private final String adminUrl;

    private TestDatabase(Kind kind, String schema, String url, String user, String password, String adminUrl) {
        this.kind = kind;
        this.schema = schema;
        this.url = url;
        this.user = user;
        this.password = password;
        this.adminUrl = adminUrl;
    }

    /** The app's embedded default (H2 in memory inside the server): no DB_URL at all. */
    public static TestDatabase embedded() {
        return new TestDatabase(Kind.H2, null, null, null, null, null);
    }

    /** A fresh schema in the local PostgreSQL database {@code test}. */
    public static TestDatabase postgresql() {
        String base = System.getProperty("e2e.postgresql.url", "jdbc:postgresql://127.0.0.1:5432/test");
        String schema = freshName();
        return new TestDatabase(Kind.POSTGRESQL, schema, base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema,
                System.getProperty("e2e.postgresql.user", "postgres"),
                System.getProperty("e2e.postgresql.password", ""), base);
    }

    /** A fresh database on the local MariaDB server. */
    public static TestDatabase mariadb() {
        String server = System.getProperty("e2e.mariadb.url", "jdbc:mariadb://127.0.0.1:3306/");
        String schema = freshName();
        String base = server.endsWith("/") ? server : server + "/";
        return new TestDatabase(Kind.MARIADB, schema, base + schema, System.getProperty("e2e.mariadb.user", "root"),
                System.getProperty("e2e.mariadb.password", ""), base);
    }

    public Kind kind() {
        return kind;
    }

    /** The variables that point the app at this database (none for the embedded default). */
    public Map<String, String> environment() {
        Map<String, String> environment = new LinkedHashMap<>();
        if (url != null) {
            environment.put("DB_URL", url);
            environment.put("DB_USER", user);
            if (!password.isEmpty()) {
                environment.put("DB_PASSWORD", password);
            }
        }
        return environment;
    }

    /** Creates the schema; nothing for the embedded default. */
    void create() throws SQLException {
        switch (kind) {
            case POSTGRESQL -> execute(adminUrl, "CREATE SCHEMA " + schema);
            case MARIADB -> execute(adminUrl, "CREATE DATABASE " + schema);
            default -> {
            }
        }
    }

    /** Drops the schema and everything in it. */
    void drop() throws SQLException {
        switch (kind) {
            case POSTGRESQL -> execute(adminUrl, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            case MARIADB -> execute(adminUrl, "DROP DATABASE IF EXISTS " + schema);
            default -> {
            }
        }
    }

    /** A connection to the schema the app uses, for assertions behind the API's back (not for the embedded H2). */
    public Connection connect() throws SQLException {
        if (url == null) {
            throw new IllegalStateException("The embedded H2 lives inside the server: assert through the API");
        }
        return DriverManager.getConnection(url, user, password);
    }

    private void execute(String target, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(target, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String freshName() {
        return "e2e_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return kind + (schema == null ? "" : " (" + schema + ")");
    }
}
