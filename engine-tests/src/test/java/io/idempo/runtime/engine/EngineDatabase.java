package io.idempo.runtime.engine;

import io.idempo.runtime.record.DatabaseUnderTest;
import io.idempo.runtime.record.SqlDialect;

/**
 * The databases the engine is proven against, of the runtime's {@link DatabaseUnderTest}s: H2 in memory and the
 * local PostgreSQL and MariaDB servers.
 */
enum EngineDatabase {

    H2(DatabaseUnderTest.H2),
    POSTGRESQL(DatabaseUnderTest.POSTGRESQL),
    /** MariaDB through MySQL's own driver, standing in for MySQL (not installable here). */
    MARIADB(DatabaseUnderTest.MARIADB_VIA_MYSQL_CONNECTOR);

    final String url;
    final String user;
    final SqlDialect dialect;

    EngineDatabase(DatabaseUnderTest database) {
        this.url = database.url;
        this.user = database.user;
        this.dialect = database.dialect;
    }
}
