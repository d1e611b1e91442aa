package io.idempo.runtime.record;

import io.idempo.runtime.internal.SqlErrors;
import java.sql.SQLException;

/**
 * Turns the driver's SQLException into {@link RecordBusyException} when another transaction holds the key, and
 * into {@link RecordStoreException} with a hint of what to check otherwise ({@link SqlErrors}).
 */
final class SqlFailures {

    private static final String IF_CONNECTION_FAILED = "If this happened while committing, the transaction may have"
            + " committed anyway; a retry with the same key finds its record.";

    private final SqlErrors.Table table;

    SqlFailures(String table, SqlDialect dialect) {
        this.table = new SqlErrors.Table(table, dialect.schemaResource(), "RecordSchema.statements", dialect.name());
    }

    /**
     * @param operation what the store was doing, as a phrase that follows "Could not"
     * @param keyHash the key involved, or null for a purge
     * @param duplicateMeansBusy whether a unique violation here can only come from a racing insert of the same key
     */
    RecordStoreException translate(String operation, String keyHash, SQLException failure,
                                   boolean duplicateMeansBusy) {
        String cause = SqlErrors.describe(failure);
        if (SqlErrors.isContention(failure) || duplicateMeansBusy && SqlErrors.isUniqueViolation(failure)) {
            String subject = keyHash == null ? "Rows of table " + table.name() : "The record for key " + keyHash;
            return new RecordBusyException("Could not " + operation + cause + ": " + subject + " is locked by"
                    + " another transaction, so the call is in progress elsewhere or was just rolled back. Roll back"
                    + " this transaction and retry the whole call later with the same key (answer 409 with"
                    + " Retry-After).", keyHash, failure);
        }
        return new RecordStoreException("Could not " + operation + " in table " + table.name() + cause + ". "
                + SqlErrors.whatToCheck(failure, table, IF_CONNECTION_FAILED), failure);
    }
}
