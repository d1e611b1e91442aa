package io.idempo.runtime.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class RecordSchemaTest {

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theShippedDdlIsRenamedForAnyTable(SqlDialect dialect) {
        List<String> statements = RecordSchema.statements(dialect, "billing.payment_keys");
        String ddl = String.join(";\n", statements);
        assertTrue(statements.get(0).startsWith("CREATE TABLE IF NOT EXISTS billing.payment_keys ("), ddl);
        assertTrue(ddl.contains("payment_keys_expires_at"), ddl);
        assertFalse(ddl.contains("idempo_record"), ddl);
        assertFalse(ddl.contains("--"), ddl);
        for (String column : RecordStatements.COLUMNS.split(", ")) {
            assertTrue(ddl.contains(column.strip() + " "), column + " missing from " + ddl);
        }
    }

    @Test
    void theDefaultNameNeedsNoRenaming() {
        String ddl = String.join(";", RecordSchema.statements(SqlDialect.POSTGRESQL, RecordStore.DEFAULT_TABLE));
        assertTrue(ddl.contains("CREATE INDEX IF NOT EXISTS idempo_record_expires_at ON idempo_record (expires_at)"),
                ddl);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "idempo_record; DROP TABLE users", "idempo-record", "\"quoted\"", "a.b.c", "1st",
            "a_name_that_is_far_too_long_for_an_index_name_to_follow"})
    void tableNamesThatAreNotPlainIdentifiersAreRefused(String name) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> RecordStore.builder(SqlDialect.H2).table(name));
        assertTrue(refused.getMessage().startsWith("Invalid table name"), refused.getMessage());
    }

    @Test
    void everyDialectNamesItsSchemaResource() {
        assertEquals("io/idempo/runtime/schema/mysql.sql", SqlDialect.MARIADB.schemaResource());
        assertEquals("io/idempo/runtime/schema/h2.sql", SqlDialect.H2_POSTGRESQL_MODE.schemaResource());
    }
}
