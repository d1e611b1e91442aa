package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Configuration C: the same WAR switched to PostgreSQL by DB_URL, DB_USER and DB_PASSWORD, and to the local Redis by
 * REDIS_URL, demo faults on. The whole contract ({@link IdempotencyScenarios}), with database counts over JDBC and
 * Redis keys counted under this server's own prefix, and what operators rely on ({@link OperationsScenarios}):
 * request ids, metrics, the admin surface.
 */
class PostgresqlIT extends IdempotencyScenarios implements OperationsScenarios {

    @RegisterExtension
    static final PayaraMicroServer server = PayaraMicroServer.on(TestDatabase.postgresql()).withRedis().withDemoFaults();

    @Override
    public PayaraMicroServer server() {
        return server;
    }

    @Test
    void runsOnPostgresqlAtReadCommittedWithRedis() throws SQLException {
        String startup = String.join("\n", server.logLines("idempo example: database"));
        assertTrue(startup.contains("database PostgreSQL"), startup);
        assertTrue(startup.contains("(from DB_URL, dialect POSTGRESQL, isolation READ_COMMITTED)"), startup);
        assertTrue(startup.contains("claim store Redis at redis://127.0.0.1:6379 (REDIS_URL)"), startup);
        assertTrue(String.join("\n", server.logLines("idempo started")).contains("claim store redis redis://"));
        assertEquals(SchemaAssertions.TABLES, SchemaAssertions.tables(server.database()));
    }
}
