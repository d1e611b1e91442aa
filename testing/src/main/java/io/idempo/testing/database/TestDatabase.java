package io.idempo.testing.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.UUID;

/**
 * A database the tests reach over JDBC: the local PostgreSQL and MariaDB servers that {@code .ci/run} starts (the
 * database {@code test} on each), or H2 in memory. A test either works in it directly, with tables of its own under
 * unique names, or takes a schema of its own in it ({@link #freshSchema()}), which a server under test can be
 * pointed at.
 *
 * <p>The servers can be overridden with system properties: {@code e2e.postgresql.url} (default
 * {@code jdbc:postgresql://127.0.0.1:5432/test}), {@code e2e.postgresql.user} ({@code postgres}),
 * {@code e2e.postgresql.password} (empty), {@code e2e.mariadb.url} ({@code jdbc:mariadb://127.0.0.1:3306/test}),
 * {@code e2e.mariadb.user} ({@code root}) and {@code e2e.mariadb.password} (empty). The JDBC drivers are the test's
 * dependencies. Nothing is skipped: a server that is down fails the test that needs it.
 *
 * @param kind     the product
 * @param url      the JDBC URL of the database
 * @param user     who connects
 * @param password the password, empty for none
 */
public record TestDatabase(DatabaseKind kind, String url, String user, String password) {

    /** The database {@code test} on the local server of {@code kind}: {@link #postgresql()} or {@link #mariadb()}. */
    public static TestDatabase local(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> postgresql();
            case MARIADB -> mariadb();
            case H2 -> throw new IllegalArgumentException("H2 has no local server: see h2(name)");
        };
    }

    /** The database {@code test} on the local PostgreSQL server. */
    public static TestDatabase postgresql() {
        return new TestDatabase(DatabaseKind.POSTGRESQL,
                System.getProperty("e2e.postgresql.url", "jdbc:postgresql://127.0.0.1:5432/test"),
                System.getProperty("e2e.postgresql.user", "postgres"),
                System.getProperty("e2e.postgresql.password", ""));
    }

    /** The database {@code test} on the local MariaDB server, through MariaDB's driver. */
    public static TestDatabase mariadb() {
        return new TestDatabase(DatabaseKind.MARIADB,
                System.getProperty("e2e.mariadb.url", "jdbc:mariadb://127.0.0.1:3306/test"),
                System.getProperty("e2e.mariadb.user", "root"),
                System.getProperty("e2e.mariadb.password", ""));
    }

    /**
     * The same MariaDB database through MySQL Connector/J, standing in for MySQL (which is not installable here):
     * {@code jdbc:mysql:} instead of {@code jdbc:mariadb:}, without TLS.
     */
    public static TestDatabase mariadbViaMysqlConnector() {
        TestDatabase mariadb = mariadb();
        if (!mariadb.url.startsWith("jdbc:mariadb:")) {
            throw new IllegalStateException("e2e.mariadb.url must start with jdbc:mariadb: " + mariadb.url);
        }
        String url = "jdbc:mysql:" + mariadb.url.substring("jdbc:mariadb:".length());
        return new TestDatabase(DatabaseKind.MARIADB, withParameter(url, "sslMode=DISABLED"), mariadb.user,
                mariadb.password);
    }

    /** An H2 database in memory, kept while the JVM runs ({@code DB_CLOSE_DELAY=-1}). */
    public static TestDatabase h2(String name) {
        return new TestDatabase(DatabaseKind.H2, "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1", "sa", "");
    }

    /** As {@link #h2}, in H2's PostgreSQL compatibility mode. */
    public static TestDatabase h2InPostgresqlMode(String name) {
        return new TestDatabase(DatabaseKind.H2, "jdbc:h2:mem:" + name + ";MODE=PostgreSQL;DB_CLOSE_DELAY=-1", "sa",
                "");
    }

    /** A new connection (auto-commit, as JDBC opens it). */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /**
     * A schema of the test's own, with a fresh name, not created yet ({@link TestSchema#create()}): a schema in this
     * PostgreSQL database, or a database on this MariaDB server.
     */
    public TestSchema freshSchema() {
        return schema("idempo_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
    }

    /** As {@link #freshSchema()}, named {@code name}. */
    public TestSchema schema(String name) {
        return new TestSchema(this, checkedName(name), false);
    }

    /**
     * A database of the test's own on this server, named {@code name}, not created yet: on PostgreSQL a database
     * beside this one (whose statistics, {@code pg_stat_database}, count its work alone); on MariaDB the same as
     * {@link #schema}.
     */
    public TestSchema database(String name) {
        return new TestSchema(this, checkedName(name), kind == DatabaseKind.POSTGRESQL);
    }

    /** {@code url} with the database (the path after host and port) replaced by {@code database}. */
    String urlOfDatabase(String database) {
        int hosts = url.indexOf("//");
        int path = hosts < 0 ? -1 : url.indexOf('/', hosts + 2);
        if (path < 0) {
            throw new IllegalStateException("No server in " + url);
        }
        int query = url.indexOf('?', path);
        return url.substring(0, path + 1) + database + (query < 0 ? "" : url.substring(query));
    }

    /** {@code url} with one more query parameter. */
    static String withParameter(String url, String parameter) {
        return url + (url.contains("?") ? "&" : "?") + parameter;
    }

    private String checkedName(String name) {
        if (kind == DatabaseKind.H2) {
            throw new IllegalStateException("A schema of the test's own needs a server: PostgreSQL or MariaDB");
        }
        if (!name.matches("[a-z][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("A plain lower-case name for a schema or database: " + name);
        }
        return name;
    }
}
