package io.idempo.outbox;

import io.idempo.runtime.internal.ShippedSchema;
import io.idempo.runtime.record.SqlDialect;
import java.util.List;

/**
 * The shipped DDL of the outbox table, as statements ready to run. Applications that manage their schema with a
 * migration tool copy {@link #resource(SqlDialect)} instead; this serves tests, demos and embedded databases that
 * create the table at startup.
 */
public final class OutboxSchema {

    private OutboxSchema() {
    }

    /** The classpath resource holding the outbox table's DDL for {@code dialect}. */
    public static String resource(SqlDialect dialect) {
        return "io/idempo/outbox/schema/" + switch (dialect) {
            case POSTGRESQL -> "outbox-postgresql.sql";
            case MYSQL, MARIADB -> "outbox-mysql.sql";
            case H2, H2_POSTGRESQL_MODE -> "outbox-h2.sql";
        };
    }

    /**
     * The CREATE statements for the table, named {@code table} instead of {@code idempo_outbox} (its indexes become
     * {@code <table>_pending}, {@code <table>_aggregate} and {@code <table>_id}). They use IF NOT EXISTS, so running
     * them again is harmless. On MySQL and MariaDB DDL commits the current transaction: run them outside business
     * transactions.
     */
    public static List<String> statements(SqlDialect dialect, String table) {
        return ShippedSchema.statements(resource(dialect), OutboxStore.DEFAULT_TABLE, table);
    }
}
