package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.server.PayaraMicroServer;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * Configurations C and B: the same WAR switched to PostgreSQL, then to MariaDB (the local root has no password), by
 * DB_URL, DB_USER and DB_PASSWORD, and to the local Redis by REDIS_URL, demo faults on. The whole contract
 * ({@link IdempotencyScenarios}) on each, with database counts over JDBC and Redis keys counted under the server's
 * own prefix, and what operators rely on ({@link OperationsScenarios}): request ids, metrics, the admin surface. One
 * server per database.
 */
@OnEachDatabaseServer
class DatabaseAndRedisIT extends IdempotencyScenarios implements OperationsScenarios {

    private static PayaraMicroServer server;

    @Parameter
    DatabaseKind database;

    @BeforeParameterizedClassInvocation
    static void startServer(DatabaseKind database) throws Exception {
        server = ExampleApp.onPayara(TestDatabase.local(database)).withSharedRedis()
                .withEnv(ExampleApp.DEMO_FAULTS, "true");
        server.start(DatabaseAndRedisIT.class.getSimpleName() + "-" + database);
    }

    /** The reconciliation of the scenarios on one database, before its server stops. */
    @AfterParameterizedClassInvocation
    void stopServer() throws Exception {
        try {
            super.reconciliationFindsNoMismatchAtTheEnd();
        } finally {
            server.stop();
        }
    }

    /**
     * Not after the class, when the last server has stopped, but after each database: {@link #stopServer()} calls
     * it. Overridden without {@code @AfterAll}, which JUnit then no longer runs.
     */
    @Override
    void reconciliationFindsNoMismatchAtTheEnd() {
        super.reconciliationFindsNoMismatchAtTheEnd();
    }

    @Override
    public PayaraMicroServer server() {
        return server;
    }

    @Test
    void runsOnTheDatabaseAtReadCommittedWithRedis() throws SQLException {
        String startup = String.join("\n", server.logLines("idempo example: database"));
        String product = database == DatabaseKind.MARIADB ? "MariaDB" : "PostgreSQL";
        assertTrue(startup.contains("database " + product), startup);
        assertTrue(startup.contains("(from DB_URL, dialect " + database + ", isolation READ_COMMITTED)"), startup);
        assertTrue(startup.contains("claim store Redis at redis://127.0.0.1:6379 (REDIS_URL)"), startup);
        assertTrue(String.join("\n", server.logLines("idempo started")).contains("claim store redis redis://"));
        assertEquals(SchemaAssertions.TABLES, SchemaAssertions.tables(server.database()));
    }
}
