package io.idempo.runtime.record;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The real databases the tests run against: the local PostgreSQL 15 and MariaDB 10.11 servers, and H2 in memory.
 * MariaDB is reached through both drivers, and once more under the MYSQL dialect, which bounds lock waits the way
 * MySQL 8 must (MySQL itself is not installable here).
 */
enum TestDatabase {

    POSTGRESQL("jdbc:postgresql://127.0.0.1:5432/test", "postgres", SqlDialect.POSTGRESQL,
            "SELECT current_setting('lock_timeout')"),
    MARIADB_VIA_MYSQL_CONNECTOR("jdbc:mysql://127.0.0.1:3306/test?sslMode=DISABLED", "root", SqlDialect.MARIADB,
            "SELECT @@SESSION.innodb_lock_wait_timeout"),
    MARIADB("jdbc:mariadb://127.0.0.1:3306/test", "root", SqlDialect.MARIADB,
            "SELECT @@SESSION.innodb_lock_wait_timeout"),
    MARIADB_AS_MYSQL("jdbc:mariadb://127.0.0.1:3306/test", "root", SqlDialect.MYSQL,
            "SELECT @@SESSION.innodb_lock_wait_timeout"),
    H2("jdbc:h2:mem:idempo;DB_CLOSE_DELAY=-1", "sa", SqlDialect.H2, "SELECT LOCK_TIMEOUT()"),
    H2_POSTGRESQL_MODE("jdbc:h2:mem:idempo_pg;MODE=PostgreSQL;DB_CLOSE_DELAY=-1", "sa",
            SqlDialect.H2_POSTGRESQL_MODE, "SELECT LOCK_TIMEOUT()");

    final String url;
    final String user;
    final SqlDialect dialect;
    private final String readLockWaitSetting;

    TestDatabase(String url, String user, SqlDialect dialect, String readLockWaitSetting) {
        this.url = url;
        this.user = user;
        this.dialect = dialect;
        this.readLockWaitSetting = readLockWaitSetting;
    }

    /** A connection in manual-commit mode at the server's default isolation (REPEATABLE READ on MariaDB). */
    Connection open() throws SQLException {
        Connection connection = DriverManager.getConnection(url, user, "");
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
