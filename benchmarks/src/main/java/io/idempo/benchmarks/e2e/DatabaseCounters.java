package io.idempo.benchmarks.e2e;

import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counters the harness reads from the server of a database of the run's own (a {@link TestSchema}, which the
 * server under test creates and drops), on an admin connection to the server's own database, outside it:
 * <ul>
 *   <li>PostgreSQL ({@code pg_stat_database} of the run's database only, so other programs' traffic does not
 *       count): transactions and rows inserted, updated and deleted. PostgreSQL counts no statements without the
 *       {@code pg_stat_statements} extension, which needs a server restart; docs/benchmarks.md lists the
 *       statements from the code instead.</li>
 *   <li>MariaDB ({@code SHOW GLOBAL STATUS}, the whole server): {@code Questions} (statements the clients sent,
 *       COMMIT included), {@code Com_*} per kind, {@code Handler_write/update/delete} (rows written).</li>
 * </ul>
 */
final class DatabaseCounters implements AutoCloseable {

    enum Kind {
        /**
         * A backend publishes its counts at most once a second, and what it counted in its last second only when it
         * has been idle for 10 s (PostgreSQL 15's PGSTAT_IDLE_INTERVAL): 11 s after the load they are complete.
         */
        POSTGRESQL(DatabaseKind.POSTGRESQL, Duration.ofSeconds(11)),
        MARIADB(DatabaseKind.MARIADB, Duration.ZERO);

        /** Which of the local servers. */
        final DatabaseKind server;
        /** How long after the load the server's counters include all of it. */
        final Duration publishDelay;

        Kind(DatabaseKind server, Duration publishDelay) {
            this.server = server;
            this.publishDelay = publishDelay;
        }

        /** A database of the run's own, {@code name}, on this kind's local server (not created yet). */
        TestSchema database(String name) {
            return TestDatabase.local(server).database(name);
        }

        /** Statements in a counter delta: MariaDB's Questions less the harness's one SHOW; null on PostgreSQL. */
        Long statements(Map<String, Long> delta) {
            return this == MARIADB ? delta.getOrDefault("Questions", 0L) - 1 : null;
        }

        /**
         * Transactions that ended. On PostgreSQL every statement runs in one, so 0 means no statement at all; on
         * MariaDB only explicit COMMITs and ROLLBACKs count.
         */
        long transactions(Map<String, Long> delta) {
            return this == MARIADB ? delta.getOrDefault("Com_commit", 0L) + delta.getOrDefault("Com_rollback", 0L)
                    : delta.getOrDefault("xact_commit", 0L) + delta.getOrDefault("xact_rollback", 0L);
        }

        /** Rows inserted, updated and deleted. */
        long rowsWritten(Map<String, Long> delta) {
            List<String> counters = this == MARIADB
                    ? List.of("Handler_write", "Handler_update", "Handler_delete")
                    : List.of("tup_inserted", "tup_updated", "tup_deleted");
            return counters.stream().mapToLong(counter -> delta.getOrDefault(counter, 0L)).sum();
        }
    }

    private static final List<String> MARIADB_COUNTERS = List.of("Questions", "Com_select", "Com_insert",
            "Com_update", "Com_delete", "Com_commit", "Com_rollback", "Com_set_option", "Handler_write",
            "Handler_update", "Handler_delete");

    private final Kind kind;
    private final TestSchema database;
    private final Connection admin;

    private DatabaseCounters(Kind kind, TestSchema database, Connection admin) {
        this.kind = kind;
        this.database = database;
        this.admin = admin;
    }

    /**
     * Opens the admin connection for {@code database}, of {@code kind}: to the server's own database (on PostgreSQL
     * another database than the measured one, so that reading the counters adds nothing to them).
     */
    static DatabaseCounters open(Kind kind, TestSchema database) throws SQLException {
        Connection admin = database.server().connect();
        admin.setAutoCommit(true);
        return new DatabaseCounters(kind, database, admin);
    }

    Kind kind() {
        return kind;
    }

    String version() throws SQLException {
        return admin.getMetaData().getDatabaseProductName() + " " + admin.getMetaData().getDatabaseProductVersion();
    }

    /** The server's counters now (see the class comment). */
    Map<String, Long> counters() throws SQLException {
        Map<String, Long> counters = new LinkedHashMap<>();
        if (kind == Kind.POSTGRESQL) {
            try (PreparedStatement select = admin.prepareStatement("SELECT xact_commit, xact_rollback, tup_inserted,"
                    + " tup_updated, tup_deleted FROM pg_stat_database WHERE datname = ?")) {
                select.setString(1, database.name());
                try (ResultSet row = select.executeQuery()) {
                    row.next();
                    for (int column = 1; column <= 5; column++) {
                        counters.put(row.getMetaData().getColumnName(column), row.getLong(column));
                    }
                }
            }
        } else {
            try (Statement statement = admin.createStatement();
                 ResultSet rows = statement.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('"
                         + String.join("','", MARIADB_COUNTERS) + "')")) {
                while (rows.next()) {
                    counters.put(rows.getString(1), rows.getLong(2));
                }
            }
        }
        return counters;
    }

    /**
     * The server processes that work for the app: MariaDB's one process; PostgreSQL's postmaster, its background
     * processes (WAL writer, checkpointer, ...) and the backends connected to this database (not the others').
     */
    List<Long> serverPids() throws SQLException {
        if (kind == Kind.MARIADB) {
            return ProcessCpu.named("mariadbd", "mysqld");
        }
        List<Long> pids = new ArrayList<>();
        try (PreparedStatement select = admin.prepareStatement(
                "SELECT pid FROM pg_stat_activity WHERE datname = ? OR backend_type <> 'client backend'")) {
            select.setString(1, database.name());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    pids.add(rows.getLong(1));
                }
            }
        }
        if (!pids.isEmpty()) {
            ProcessCpu.parent(pids.get(0)).ifPresent(pids::add);
        }
        return pids;
    }

    /** How many load-test orders carry {@code amount}: the executions of a burst, whose amount is its own. */
    long ordersWithAmount(long amount) throws SQLException {
        if (kind == Kind.MARIADB) {
            return ordersWithAmount(admin, database.name() + ".load_orders", amount);
        }
        try (Connection connection = database.connect()) {
            return ordersWithAmount(connection, "load_orders", amount);
        }
    }

    private static long ordersWithAmount(Connection connection, String table, long amount) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT COUNT(*) FROM " + table + " WHERE amount = ?")) {
            select.setLong(1, amount);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    /** Closes the admin connection. */
    @Override
    public void close() throws SQLException {
        admin.close();
    }
}
