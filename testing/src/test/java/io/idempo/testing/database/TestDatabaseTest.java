package io.idempo.testing.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The URLs a TestDatabase derives: every test that runs on a schema or driver of its own depends on them. */
class TestDatabaseTest {

    private static final TestDatabase POSTGRESQL = new TestDatabase(DatabaseKind.POSTGRESQL,
            "jdbc:postgresql://db.example:5432/test?ssl=false", "app", "secret");
    private static final TestDatabase MARIADB = new TestDatabase(DatabaseKind.MARIADB,
            "jdbc:mariadb://127.0.0.1:3306/test", "root", "");

    @Test
    void aPostgresqlSchemaIsReachedThroughCurrentSchemaAndNamedInItsSessions() {
        TestSchema schema = POSTGRESQL.schema("orders_1");
        assertEquals("jdbc:postgresql://db.example:5432/test?ssl=false&currentSchema=orders_1"
                + "&ApplicationName=orders_1", schema.url());
        assertEquals("app", schema.user());
        assertEquals("secret", schema.password());
    }

    @Test
    void aPostgresqlDatabaseOfItsOwnReplacesTheDatabaseInTheUrl() {
        assertEquals("jdbc:postgresql://db.example:5432/bench_1?ssl=false&ApplicationName=bench_1",
                POSTGRESQL.database("bench_1").url());
    }

    @Test
    void aMariadbSchemaIsADatabaseOnTheSameServer() {
        assertEquals("jdbc:mariadb://127.0.0.1:3306/orders_1", MARIADB.schema("orders_1").url());
        assertEquals(MARIADB.schema("orders_1").url(), MARIADB.database("orders_1").url());
    }

    @Test
    void namesThatCouldInjectSqlAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> MARIADB.schema("x; DROP DATABASE test"));
        assertThrows(IllegalArgumentException.class, () -> MARIADB.schema("Orders"));
        assertThrows(IllegalStateException.class, () -> TestDatabase.h2("t").freshSchema());
    }

    @Test
    void theMysqlConnectorReachesTheMariadbDatabaseWithoutTls() {
        assertEquals(DatabaseKind.MARIADB, TestDatabase.mariadbViaMysqlConnector().kind());
        assertEquals(TestDatabase.mariadb().url().replace("jdbc:mariadb:", "jdbc:mysql:") + "?sslMode=DISABLED",
                TestDatabase.mariadbViaMysqlConnector().url());
    }
}
