package io.idempo.runtime.record;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The databases the record store speaks to. {@link #detect} picks one from a connection; configure one
 * explicitly when detection cannot see the database (a JPA provider that does not hand out its connection) or
 * guesses wrong (a MySQL-compatible server that reports itself as MySQL).
 */
public enum SqlDialect {

    POSTGRESQL("postgresql.sql") {
        @Override
        RecordStatements statements(String table) {
            return new PostgresStatements(table);
        }

        /** Claims never wait on PostgreSQL: see {@link PostgresStatements}. */
        @Override
        LockWaitBound lockWaitBound(Duration wait) {
            return LockWaitBound.NOT_NEEDED;
        }
    },

    /** MySQL 8. The SQL is MariaDB's too, except for how lock waits are bounded: see {@link SessionLockWait#mysql}. */
    MYSQL("mysql.sql") {
        @Override
        RecordStatements statements(String table) {
            return new MySqlStatements(table);
        }

        @Override
        LockWaitBound lockWaitBound(Duration wait) {
            return SessionLockWait.mysql(wait);
        }
    },

    /** MariaDB 10.6 and later, through its own driver or through mysql-connector-j. */
    MARIADB("mysql.sql") {
        @Override
        RecordStatements statements(String table) {
            return new MySqlStatements(table);
        }

        @Override
        LockWaitBound lockWaitBound(Duration wait) {
            return new MariaDbStatementLockWait(wait);
        }
    },

    /** H2 2.x in its default mode (or MySQL mode); see {@link H2Statements} for what that means for races. */
    H2("h2.sql") {
        @Override
        RecordStatements statements(String table) {
            return new H2Statements(table, false);
        }

        @Override
        LockWaitBound lockWaitBound(Duration wait) {
            return SessionLockWait.h2(wait);
        }
    },

    /** H2 2.x started with {@code MODE=PostgreSQL}, which makes its claims race-free. */
    H2_POSTGRESQL_MODE("h2.sql") {
        @Override
        RecordStatements statements(String table) {
            return new H2Statements(table, true);
        }

        @Override
        LockWaitBound lockWaitBound(Duration wait) {
            return SessionLockWait.h2(wait);
        }
    };

    private final String schemaFile;

    SqlDialect(String schemaFile) {
        this.schemaFile = schemaFile;
    }

    /**
     * Reads the database's product name and version (and, for H2, its compatibility mode) from the connection.
     * mysql-connector-j reports a MariaDB server as "MySQL"; its version string still names MariaDB, which is how
     * the two are told apart.
     *
     * @throws IllegalArgumentException for a database the store has no SQL for
     */
    public static SqlDialect detect(Connection connection) throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        String product = metaData.getDatabaseProductName();
        String version = metaData.getDatabaseProductVersion();
        switch (product) {
            case "PostgreSQL":
                return POSTGRESQL;
            case "MariaDB":
                return MARIADB;
            case "MySQL":
                return version.contains("MariaDB") ? MARIADB : MYSQL;
            case "H2":
                return "PostgreSQL".equals(h2Mode(connection)) ? H2_POSTGRESQL_MODE : H2;
            default:
                throw new IllegalArgumentException("idempo has no SQL dialect for " + product + " " + version
                        + ": it supports PostgreSQL, MySQL, MariaDB and H2. If this database speaks one of their"
                        + " dialects, configure that dialect explicitly.");
        }
    }

    private static String h2Mode(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet mode = statement.executeQuery(
                     "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'MODE'")) {
            return mode.next() ? mode.getString(1) : "REGULAR";
        }
    }

    /** The classpath resource holding this database's DDL. */
    public String schemaResource() {
        return "io/idempo/runtime/schema/" + schemaFile;
    }

    abstract RecordStatements statements(String table);

    abstract LockWaitBound lockWaitBound(Duration wait);
}
