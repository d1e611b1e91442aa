package io.idempo.example.e2e;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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

    /** MariaDB's ER_NO_SUCH_THREAD, for a KILL of a session that is already gone. */
    private static final int MARIADB_UNKNOWN_THREAD = 1094;

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
        // The application name lets killSessions() find the sessions on this schema (PostgreSQL shows no schema).
        String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema + "&ApplicationName=" + schema;
        return new TestDatabase(Kind.POSTGRESQL, schema, url,
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

    /**
     * Creates the schema unless it exists (a restarted server, a second instance of one app); nothing for the
     * embedded default.
     */
    void create() throws SQLException {
        switch (kind) {
            case POSTGRESQL -> execute(adminUrl, "CREATE SCHEMA IF NOT EXISTS " + schema);
            case MARIADB -> execute(adminUrl, "CREATE DATABASE IF NOT EXISTS " + schema);
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

    /**
     * Kills every session on this schema but the caller's own, mid-transaction or not, as a database failover or an
     * operator's {@code KILL} does: {@code pg_terminate_backend} on PostgreSQL, {@code KILL CONNECTION} on MariaDB.
     * Returns how many were killed.
     */
    public int killSessions() throws SQLException {
        String sessions = switch (kind) {
            case POSTGRESQL ->
                    "SELECT pid FROM pg_stat_activity WHERE application_name = ? AND pid <> pg_backend_pid()";
            case MARIADB -> "SELECT id FROM information_schema.processlist WHERE db = ? AND id <> connection_id()";
            default -> throw new IllegalStateException("The embedded H2 lives inside the server");
        };
        String kill = kind == Kind.POSTGRESQL ? "SELECT pg_terminate_backend(CAST(? AS INTEGER))" : "KILL CONNECTION ?";
        int killed = 0;
        try (Connection connection = DriverManager.getConnection(adminUrl + (kind == Kind.POSTGRESQL
                ? (adminUrl.contains("?") ? "&" : "?") + "ApplicationName=killer" : ""), user, password);
             PreparedStatement find = connection.prepareStatement(sessions);
             PreparedStatement terminate = connection.prepareStatement(kill)) {
            find.setString(1, schema);
            List<Long> ids = new ArrayList<>();
            try (ResultSet rows = find.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getLong(1));
                }
            }
            for (long id : ids) {
                terminate.setLong(1, id);
                try {
                    terminate.execute();
                    killed++;
                } catch (SQLException e) {
                    if (e.getErrorCode() != MARIADB_UNKNOWN_THREAD) {
                        throw e;
                    }
                    // the session ended on its own meanwhile (pg_terminate_backend just answers false then)
                }
            }
        }
        return killed;
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
