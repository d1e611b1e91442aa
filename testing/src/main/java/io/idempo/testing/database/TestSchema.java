package io.idempo.testing.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A schema of the test's own on a {@link TestDatabase}'s server, so that a configuration starts empty and leaves
 * nothing behind: a PostgreSQL schema in the database (or a PostgreSQL database beside it), a MariaDB database.
 * {@link #url()} points at it; a server under test gets it, the test reads behind the server's back through
 * {@link #connect()}, and {@link #killSessions()} plays a failover. Created and dropped on the server's own
 * database, with the same user.
 */
public final class TestSchema {

    /** MariaDB's ER_NO_SUCH_THREAD, for a KILL of a session that is already gone. */
    private static final int MARIADB_UNKNOWN_THREAD = 1094;

    private final TestDatabase server;
    private final String name;
    /** A PostgreSQL database rather than a schema. */
    private final boolean postgresqlDatabase;
    private final String url;

    TestSchema(TestDatabase server, String name, boolean postgresqlDatabase) {
        this.server = server;
        this.name = name;
        this.postgresqlDatabase = postgresqlDatabase;
        this.url = switch (server.kind()) {
            // The application name lets killSessions() find the sessions on this schema (PostgreSQL shows no schema).
            case POSTGRESQL -> TestDatabase.withParameter(postgresqlDatabase ? server.urlOfDatabase(name)
                    : TestDatabase.withParameter(server.url(), "currentSchema=" + name), "ApplicationName=" + name);
            case MARIADB -> server.urlOfDatabase(name);
            case H2 -> throw new IllegalStateException("no schema of its own on H2");
        };
    }

    public DatabaseKind kind() {
        return server.kind();
    }

    public String name() {
        return name;
    }

    /** The JDBC URL that reaches this schema. */
    public String url() {
        return url;
    }

    public String user() {
        return server.user();
    }

    /** The password, empty for none. */
    public String password() {
        return server.password();
    }

    /** The database whose server holds this schema. */
    public TestDatabase server() {
        return server;
    }

    /** Creates the schema unless it exists (a restarted server, a second instance of one application). */
    public void create() throws SQLException {
        if (postgresqlDatabase) {
            try (Connection connection = server.connect(); ResultSet exists = connection.createStatement()
                    .executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'")) {
                if (!exists.next()) {
                    execute("CREATE DATABASE " + name);
                }
            }
            return;
        }
        execute(server.kind() == DatabaseKind.POSTGRESQL ? "CREATE SCHEMA IF NOT EXISTS " + name
                : "CREATE DATABASE IF NOT EXISTS " + name);
    }

    /** Drops the schema and everything in it (a PostgreSQL database even while sessions are connected to it). */
    public void drop() throws SQLException {
        if (postgresqlDatabase) {
            execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } else {
            execute(server.kind() == DatabaseKind.POSTGRESQL ? "DROP SCHEMA IF EXISTS " + name + " CASCADE"
                    : "DROP DATABASE IF EXISTS " + name);
        }
    }

    /** A connection to this schema, for assertions behind the application's back. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user(), password());
    }

    /**
     * Kills every session on this schema but the caller's own, mid-transaction or not, as a database failover or an
     * operator's {@code KILL} does: {@code pg_terminate_backend} on PostgreSQL, {@code KILL CONNECTION} on MariaDB.
     * Returns how many were killed.
     */
    public int killSessions() throws SQLException {
        boolean postgresql = server.kind() == DatabaseKind.POSTGRESQL;
        String sessions = postgresql
                ? "SELECT pid FROM pg_stat_activity WHERE application_name = ? AND pid <> pg_backend_pid()"
                : "SELECT id FROM information_schema.processlist WHERE db = ? AND id <> connection_id()";
        String kill = postgresql ? "SELECT pg_terminate_backend(CAST(? AS INTEGER))" : "KILL CONNECTION ?";
        int killed = 0;
        try (Connection connection = DriverManager.getConnection(postgresql
                     ? TestDatabase.withParameter(server.url(), "ApplicationName=killer") : server.url(),
                     user(), password());
             PreparedStatement find = connection.prepareStatement(sessions);
             PreparedStatement terminate = connection.prepareStatement(kill)) {
            find.setString(1, name);
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

    private void execute(String sql) throws SQLException {
        try (Connection connection = server.connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Override
    public String toString() {
        return server.kind() + " (" + name + ")";
    }
}
