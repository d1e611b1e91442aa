package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.runtime.record.SqlDialect;
import org.junit.jupiter.api.Test;

class DialectProbeTest {

    @Test
    void versionAnswersOfEachDatabaseAreRecognised() {
        assertEquals(SqlDialect.POSTGRESQL, DialectProbe.classify(
                "PostgreSQL 15.19 (Debian 15.19-0+deb12u1) on x86_64-pc-linux-gnu", () -> null));
        assertEquals(SqlDialect.MARIADB, DialectProbe.classify("10.11.19-MariaDB-0+deb12u1", () -> null));
        assertEquals(SqlDialect.MYSQL, DialectProbe.classify("8.0.36", () -> null));
        assertEquals(SqlDialect.H2, DialectProbe.classify("H2", () -> "REGULAR"));
    }

    @Test
    void h2InPostgreSqlModeIsNotMistakenForPostgreSql() {
        assertEquals(SqlDialect.H2_POSTGRESQL_MODE,
                DialectProbe.classify("PostgreSQL 8.2.23 server protocol using H2 2.2.224 (2023-09-17)",
                        () -> "PostgreSQL"));
    }
}
