package io.idempo.example.config;

import io.idempo.outbox.OutboxSchema;
import io.idempo.outbox.OutboxStore;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Creates the tables when the application starts, before it serves a request, and logs which stores are in use.
 *
 * <p>The DDL is plain SQL per database, run here rather than by JPA schema generation: the record and outbox tables
 * need column types that differ per database (the runtime ships them, see {@link RecordSchema} and
 * {@link OutboxSchema}), a per-database script cannot be chosen by JPA's {@code create-script-source}, and metadata
 * generation ({@code create}) fails with a
 * logged stack trace at every restart on a database that keeps its tables. Every statement is {@code CREATE ...
 * IF NOT EXISTS}, so a restart on PostgreSQL or MariaDB keeps the data, and EclipseLink (Payara) and Hibernate
 * (WildFly) see the same schema. It runs on a connection outside any transaction (DDL commits on MySQL anyway).
 */
@ApplicationScoped
public class DatabaseSetup {

    /** The pool declared in {@code web.xml} and used by the persistence unit. */
    public static final String DATA_SOURCE = "java:app/jdbc/idempo-example";

    private static final Logger LOG = Logger.getLogger("io.idempo.example");

    @Resource(lookup = DATA_SOURCE)
    private DataSource dataSource;

    void onStart(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        ExampleSettings settings = ExampleSettings.current();
        try (Connection connection = dataSource.getConnection()) {
            DatabaseMetaData meta = connection.getMetaData();
            SqlDialect dialect = SqlDialect.detect(connection);
            List<String> statements = new ArrayList<>(businessSchema(dialect));
            statements.addAll(RecordSchema.statements(dialect, RecordStore.DEFAULT_TABLE));
            statements.addAll(OutboxSchema.statements(dialect, OutboxStore.DEFAULT_TABLE));
            try (Statement statement = connection.createStatement()) {
                for (String sql : statements) {
                    statement.execute(sql);
                }
            }
            String message = String.format("idempo example: database %s %s (%s, dialect %s, isolation %s) at %s%s;"
                            + " claim store %s; demo faults %s",
                    meta.getDatabaseProductName(), meta.getDatabaseProductVersion(),
                    settings.databaseFromEnvironment() ? "from DB_URL" : "embedded default", dialect,
                    isolation(connection), ExampleSettings.mask(meta.getURL()), userForLog(meta), claimStore(settings),
                    settings.demoFaults() ? "ON (IDEMPO_DEMO_FAULTS=true)" : "off");
            LOG.info(message);
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.SEVERE, "idempo example: could not prepare the database at "
                    + settings.databaseUrlForLog(), e);
            throw new IllegalStateException("The example's database is not usable: " + e.getMessage(), e);
        }
    }

    /**
     * The shop's own tables: MySQL and MariaDB (the runtime's {@code mysql.sql} dialects) need their own types;
     * PostgreSQL and H2 in any mode take the same DDL.
     */
    public static List<String> businessSchema(SqlDialect dialect) {
        String file = dialect.schemaResource().endsWith("/mysql.sql") ? "mysql.sql" : "standard.sql";
        String resource = "io/idempo/example/schema/" + file;
        try (InputStream in = DatabaseSetup.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the WAR");
            }
            List<String> statements = new ArrayList<>();
            StringBuilder sql = new StringBuilder();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.strip().startsWith("--")) {
                    sql.append(line).append('\n');
                }
            }
            for (String statement : sql.toString().split(";")) {
                if (!statement.isBlank()) {
                    statements.add(statement.strip());
                }
            }
            return statements;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What REDIS_URL and REDIS_MODE ask for; the adapter's own "idempo started" line confirms what it wired. */
    private static String claimStore(ExampleSettings settings) {
        return settings.redisUrlForLog()
                .map(url -> settings.redisCluster() ? "Redis cluster at " + url + " (REDIS_URL, REDIS_MODE)"
                        : "Redis at " + url + " (REDIS_URL)")
                .orElse("in-JVM (REDIS_URL not set)");
    }

    private static String userForLog(DatabaseMetaData meta) throws SQLException {
        String user = meta.getUserName();
        return user == null || user.isBlank() ? "" : " as " + user;
    }

    private static String isolation(Connection connection) throws SQLException {
        switch (connection.getTransactionIsolation()) {
            case Connection.TRANSACTION_READ_UNCOMMITTED:
                return "READ_UNCOMMITTED";
            case Connection.TRANSACTION_READ_COMMITTED:
                return "READ_COMMITTED";
            case Connection.TRANSACTION_REPEATABLE_READ:
                return "REPEATABLE_READ";
            case Connection.TRANSACTION_SERIALIZABLE:
                return "SERIALIZABLE";
            default:
                return "NONE";
        }
    }
}
