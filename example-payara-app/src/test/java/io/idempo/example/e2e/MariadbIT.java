package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The same WAR switched to MariaDB by DB_URL and DB_USER (the local root has no password). */
class MariadbIT {

    @RegisterExtension
    static final PayaraMicroServer server = PayaraMicroServer.on(TestDatabase.mariadb());

    @Test
    void runsOnMariadbAtReadCommitted() throws SQLException {
        String startup = String.join("\n", server.logLines("idempo example: database"));
        assertTrue(startup.contains("database MariaDB"), startup);
        assertTrue(startup.contains("(from DB_URL, dialect MARIADB, isolation READ_COMMITTED)"), startup);
        assertTrue(startup.contains("claim store in-JVM (REDIS_URL not set)"), startup);
        assertEquals(SchemaAssertions.TABLES, SchemaAssertions.tables(server.database()));
        assertEquals(200, server.client("bob").get("/api/reconciliation").status());
    }
}
