package io.idempo.runtime.step;

import io.idempo.runtime.record.DatabaseUnderTest;
import io.idempo.runtime.record.SqlDialect;

/**
 * The databases external steps are proven against, of the runtime's {@link DatabaseUnderTest}s: H2 in memory and the
 * local PostgreSQL and MariaDB servers.
 */
enum StepDatabase {

    H2(DatabaseUnderTest.H2),
    POSTGRESQL(DatabaseUnderTest.POSTGRESQL),
    MARIADB(DatabaseUnderTest.MARIADB);

    final DatabaseUnderTest database;
    final SqlDialect dialect;

    StepDatabase(DatabaseUnderTest database) {
        this.database = database;
        this.dialect = database.dialect;
    }
}
