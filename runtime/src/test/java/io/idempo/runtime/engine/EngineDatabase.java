package io.idempo.runtime.engine;

import io.idempo.runtime.record.SqlDialect;

/** The databases the engine is proven against: the local PostgreSQL and MariaDB servers, and H2 in memory. */
enum EngineDatabase {

    H2("jdbc:h2:mem:engine;DB_CLOSE_DELAY=-1", "sa", SqlDialect.H2),
    POSTGRESQL("jdbc:postgresql://127.0.0.1:5432/test", "postgres", SqlDialect.POSTGRESQL),
    /** MariaDB through MySQL's own driver, standing in for MySQL (not installable here). */
    MARIADB("jdbc:mysql://127.0.0.1:3306/test?sslMode=DISABLED", "root", SqlDialect.MARIADB);

    final String url;
    final String user;
    final SqlDialect dialect;

    EngineDatabase(String url, String user, SqlDialect dialect) {
        this.url = url;
        this.user = user;
        this.dialect = dialect;
    }
}
