package io.idempo.runtime.record;

import io.idempo.runtime.internal.ShippedSchema;
import java.util.List;

/**
 * The shipped DDL of the record table, as statements ready to run. Applications that manage their schema with
 * a migration tool copy {@link SqlDialect#schemaResource()} instead; this serves tests, demos and embedded
 * databases that create the table at startup.
 */
public final class RecordSchema {

    private RecordSchema() {
    }

    /**
     * The CREATE statements for the table, named {@code table} instead of {@code idempo_record} (its index becomes
     * {@code <table>_expires_at}). They use IF NOT EXISTS, so running them again is harmless. On MySQL and MariaDB
     * DDL commits the current transaction: run them outside business transactions.
     */
    public static List<String> statements(SqlDialect dialect, String table) {
        return ShippedSchema.statements(dialect.schemaResource(), RecordStore.DEFAULT_TABLE, table);
    }
}
