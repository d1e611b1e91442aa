package io.idempo.runtime.step;

import io.idempo.runtime.internal.ShippedSchema;
import io.idempo.runtime.record.SqlDialect;
import java.util.List;

/**
 * The shipped DDL of the step table, as statements ready to run. Applications that manage their schema with a
 * migration tool copy {@link #resource(SqlDialect)} instead; this serves tests, demos and embedded databases that
 * create the table at startup.
 */
public final class StepSchema {

    private StepSchema() {
    }

    /** The classpath resource holding the step table's DDL for {@code dialect}. */
    public static String resource(SqlDialect dialect) {
        return "io/idempo/runtime/schema/" + switch (dialect) {
            case POSTGRESQL -> "steps-postgresql.sql";
            case MYSQL, MARIADB -> "steps-mysql.sql";
            case H2, H2_POSTGRESQL_MODE -> "steps-h2.sql";
        };
    }

    /**
     * The CREATE statements for the table, named {@code table} instead of {@code idempo_step} (its index becomes
     * {@code <table>_state}). They use IF NOT EXISTS, so running them again is harmless. On MySQL and MariaDB DDL
     * commits the current transaction: run them outside business transactions.
     */
    public static List<String> statements(SqlDialect dialect, String table) {
        return ShippedSchema.statements(resource(dialect), StepStore.DEFAULT_TABLE, table);
    }
}
