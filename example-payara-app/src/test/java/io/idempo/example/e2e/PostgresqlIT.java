package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The same WAR switched to PostgreSQL by DB_URL, DB_USER and DB_PASSWORD, and to Redis by REDIS_URL. */
class PostgresqlIT {

    @RegisterExtension
    static final PayaraMicroServer server = PayaraMicroServer.on(TestDatabase.postgresql()).withRedis();

    @Test
    void runsOnPostgresqlAtReadCommitted() throws SQLException {
        String startup = String.join("\n", server.logLines("idempo example: database"));
        assertTrue(startup.contains("database PostgreSQL"), startup);
        assertTrue(startup.contains("(from DB_URL, dialect POSTGRESQL, isolation READ_COMMITTED)"), startup);
        assertTrue(startup.contains("claim store Redis at redis://127.0.0.1:6379 (REDIS_URL)"), startup);
        assertEquals(SchemaAssertions.TABLES, SchemaAssertions.tables(server.database()));
        assertEquals(200, server.client("alice").get("/api/reconciliation").status());
    }
}
