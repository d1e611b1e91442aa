package io.idempo.messaging.testing;

import io.idempo.runtime.record.SqlDialect;

/** The databases the consumers are proven against: the local PostgreSQL and MariaDB servers, and H2 in memory. */
public enum TestDatabase {

    H2("jdbc:h2:mem:messaging;DB_CLOSE_DELAY=-1", "sa", SqlDialect.H2),
    POSTGRESQL("jdbc:postgresql://127.0.0.1:5432/test", "postgres", SqlDialect.POSTGRESQL),
    MARIADB("jdbc:mariadb://127.0.0.1:3306/test", "root", SqlDialect.MARIADB);

    final String url;
    final String user;
    final SqlDialect dialect;

    TestDatabase(String url, String user, SqlDialect dialect) {
        this.url = url;
        this.user = user;
        this.dialect = dialect;
    }
}
