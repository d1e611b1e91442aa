package io.idempo.runtime.record;

import io.idempo.testing.database.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The real databases the runtime's tests run against ({@link TestDatabase}: the local PostgreSQL 15 and MariaDB
 * 10.11 servers, and H2 in memory), each with the {@link SqlDialect} the runtime uses on it. MariaDB is reached through
 * both drivers, and once more under the MYSQL dialect, which bounds lock waits the way MySQL 8 must (MySQL itself is
 * not installable here).
 */
public enum DatabaseUnderTest {

    POSTGRESQL(TestDatabase.postgresql(), SqlDialect.POSTGRESQL, "SELECT current_setting('lock_timeout')"),
    /** MariaDB through MySQL's own driver, standing in for MySQL. */
    MARIADB_VIA_MYSQL_CONNECTOR(TestDatabase.mariadbViaMysqlConnector(), SqlDialect.MARIADB,
            "SELECT @@SESSION.innodb_lock_wait_timeout"),
    MARIADB(TestDatabase.mariadb(), SqlDialect.MARIADB, "SELECT @@SESSION.innodb_lock_wait_timeout"),
    MARIADB_AS_MYSQL(TestDatabase.mariadb(), SqlDialect.MYSQL, "SELECT @@SESSION.innodb_lock_wait_timeout"),
    H2(TestDatabase.h2("idempo"), SqlDialect.H2, "SELECT LOCK_TIMEOUT()"),
    H2_POSTGRESQL_MODE(TestDatabase.h2InPostgresqlMode("idempo_pg"), SqlDialect.H2_POSTGRESQL_MODE,
            "SELECT LOCK_TIMEOUT()");

    public final String url;
    public final String user;
    public final SqlDialect dialect;
    private final TestDatabase database;
    private final String readLockWaitSetting;

    DatabaseUnderTest(TestDatabase database, SqlDialect dialect, String readLockWaitSetting) {
        this.database = database;
        this.url = database.url();
        this.user = database.user();
        this.dialect = dialect;
        this.readLockWaitSetting = readLockWaitSetting;
    }

    /** A connection in manual-commit mode at the server's default isolation (REPEATABLE READ on MariaDB). */
    public Connection open() throws SQLException {
        Connection connection = database.connect();
        connection.setAutoCommit(false);
        return connection;
    }

    /** The session's lock-wait setting as text, to check that a claim leaves it as it found it. */
    String lockWaitSetting(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(readLockWaitSetting)) {
            result.next();
            return result.getString(1);
        }
    }
}
