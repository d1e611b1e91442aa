package io.idempo.example.e2e;

import io.idempo.testing.database.TestSchema;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Set;
import java.util.TreeSet;

/** Looks at a test schema behind the API's back. */
public final class SchemaAssertions {

    /** The tables the app creates at start: the shop's four, the job runs, the idempotency record and the outbox. */
    public static final Set<String> TABLES = Set.of("idempo_outbox", "idempo_record", "job_runs", "receipt_mails",
            "shop_ledger_entries", "shop_orders", "shop_payments");

    private SchemaAssertions() {
    }

    /** The tables of the schema the app was pointed at, lower-cased. */
    public static Set<String> tables(TestSchema database) throws SQLException {
        Set<String> tables = new TreeSet<>();
        try (Connection connection = database.connect();
             ResultSet result = connection.getMetaData().getTables(connection.getCatalog(), connection.getSchema(),
                     "%", new String[] {"TABLE"})) {
            while (result.next()) {
                tables.add(result.getString("TABLE_NAME").toLowerCase(java.util.Locale.ROOT));
            }
        }
        return tables;
    }
}
