package io.idempo.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.SqlDialect;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OutboxSchemaTest {

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theShippedDdlIsRenamedForAnyTableAndHasDebeziumsColumns(SqlDialect dialect) {
        List<String> statements = OutboxSchema.statements(dialect, "billing.events");
        String ddl = String.join(";\n", statements);
        assertTrue(statements.get(0).startsWith("CREATE TABLE IF NOT EXISTS billing.events ("), ddl);
        assertTrue(ddl.contains("events_pending") && ddl.contains("events_aggregate") && ddl.contains("events_id"),
                ddl);
        assertFalse(ddl.contains("idempo_outbox"), ddl);
        assertFalse(ddl.contains("--"), ddl);
        // The outbox event router's default columns, under their default names, so that CDC needs no migration.
        for (String column : List.of("id", "aggregatetype", "aggregateid", "type", "payload")) {
            assertTrue(ddl.contains("\n    " + column + " "), column + " missing from " + ddl);
        }
        for (String column : OutboxStatements.INSERTED_COLUMNS.split(", ")) {
            assertTrue(ddl.contains(column + " "), column + " missing from " + ddl);
        }
    }

    @Test
    void everyDialectNamesItsSchemaResource() {
        assertEquals("io/idempo/outbox/schema/outbox-mysql.sql", OutboxSchema.resource(SqlDialect.MARIADB));
        assertEquals("io/idempo/outbox/schema/outbox-h2.sql", OutboxSchema.resource(SqlDialect.H2_POSTGRESQL_MODE));
        assertEquals("io/idempo/outbox/schema/outbox-postgresql.sql", OutboxSchema.resource(SqlDialect.POSTGRESQL));
    }
}
