package io.idempo.messaging.testing;

import io.idempo.runtime.record.SqlDialect;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;

/**
 * The databases the consumers are proven against, by {@link DatabaseKind}: the local PostgreSQL and MariaDB servers
 * ({@link TestDatabase#local}) and H2 in memory, each with the dialect the runtime speaks on it.
 */
public final class Databases {

    private Databases() {
    }

    /** The database of {@code kind}: H2's is {@code messaging}, kept while the JVM runs. */
    public static TestDatabase of(DatabaseKind kind) {
        return kind == DatabaseKind.H2 ? TestDatabase.h2("messaging") : TestDatabase.local(kind);
    }

    public static SqlDialect dialect(DatabaseKind kind) {
        return switch (kind) {
            case H2 -> SqlDialect.H2;
            case POSTGRESQL -> SqlDialect.POSTGRESQL;
            case MARIADB -> SqlDialect.MARIADB;
        };
    }
}
