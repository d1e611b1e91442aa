package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.SqlDialect;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class StepSchemaTest {

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theShippedDdlIsRenamedForAnyTableAndHasEveryColumnTheStoreReads(SqlDialect dialect) {
        List<String> statements = StepSchema.statements(dialect, "billing.charges_steps");
        String ddl = String.join(";\n", statements);
        assertTrue(statements.get(0).startsWith("CREATE TABLE IF NOT EXISTS billing.charges_steps ("), ddl);
        assertTrue(ddl.contains("charges_steps_state"), ddl);
        assertFalse(ddl.contains("idempo_step"), ddl);
        assertFalse(ddl.contains("--"), ddl);
        for (String column : StepStatements.COLUMNS.split(", ")) {
            assertTrue(ddl.contains("\n    " + column + " "), column + " missing from " + ddl);
        }
    }

    @Test
    void everyDialectNamesItsSchemaResource() {
        assertEquals("io/idempo/runtime/schema/steps-mysql.sql", StepSchema.resource(SqlDialect.MARIADB));
        assertEquals("io/idempo/runtime/schema/steps-h2.sql", StepSchema.resource(SqlDialect.H2_POSTGRESQL_MODE));
        assertEquals("io/idempo/runtime/schema/steps-postgresql.sql", StepSchema.resource(SqlDialect.POSTGRESQL));
    }
}
