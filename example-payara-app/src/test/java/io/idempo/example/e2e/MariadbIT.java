package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Configuration B: the same WAR switched to MariaDB by DB_URL and DB_USER (the local root has no password) and to
 * the local Redis by REDIS_URL, demo faults on. The whole contract ({@link IdempotencyScenarios}), with database
 * counts over JDBC and Redis keys counted under this server's own prefix.
 */
class MariadbIT extends IdempotencyScenarios {

    @RegisterExtension
    static final PayaraMicroServer server = PayaraMicroServer.on(TestDatabase.mariadb()).withRedis().withDemoFaults();

    @Override
    PayaraMicroServer server() {
        return server;
    }

    @Test
    void runsOnMariadbAtReadCommittedWithRedis() throws SQLException {
        String startup = String.join("\n", server.logLines("idempo example: database"));
        assertTrue(startup.contains("database MariaDB"), startup);
        assertTrue(startup.contains("(from DB_URL, dialect MARIADB, isolation READ_COMMITTED)"), startup);
        assertTrue(startup.contains("claim store Redis at redis://127.0.0.1:6379 (REDIS_URL)"), startup);
        assertTrue(String.join("\n", server.logLines("idempo started")).contains("claim store redis redis://"));
        assertEquals(SchemaAssertions.TABLES, SchemaAssertions.tables(server.database()));
    }
}
