package io.idempo.jakarta;

import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.TransactionFailedException;
import io.idempo.runtime.tx.TransactionSupport;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import java.util.Locale;

/**
 * Finds the database behind the persistence unit by asking it, provider-neutrally: {@code VERSION()} names
 * PostgreSQL, MariaDB and MySQL; H2 has {@code H2VERSION()} instead. Each probe runs in a transaction of its own,
 * because a failed statement dooms the transaction it runs in. {@code idempo.dialect} skips the probe.
 */
final class DialectProbe {

    private DialectProbe() {
    }

    static SqlDialect detect(EntityManager entityManager, TransactionSupport transactions) {
        String version = probe(entityManager, transactions, "SELECT VERSION()");
        if (version != null) {
            String lower = version.toLowerCase(Locale.ROOT);
            if (lower.contains("postgresql")) {
                return SqlDialect.POSTGRESQL;
            }
            return lower.contains("mariadb") ? SqlDialect.MARIADB : SqlDialect.MYSQL;
        }
        if (probe(entityManager, transactions, "SELECT H2VERSION()") != null) {
            String mode = probe(entityManager, transactions,
                    "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'MODE'");
            return "PostgreSQL".equalsIgnoreCase(mode) ? SqlDialect.H2_POSTGRESQL_MODE : SqlDialect.H2;
        }
        throw new IllegalStateException("Cannot tell which database holds the idempotency records: set "
                + AdapterConfig.DIALECT + " to one of POSTGRESQL, MYSQL, MARIADB, H2, H2_POSTGRESQL_MODE");
    }

    private static String probe(EntityManager entityManager, TransactionSupport transactions, String sql) {
        try {
            return transactions.inNewTransaction(() -> {
                Object value = entityManager.createNativeQuery(sql).getSingleResult();
                return value == null ? "" : value.toString();
            }, value -> true);
        } catch (PersistenceException | TransactionFailedException e) {
            return null; // the function does not exist here: not this database
        }
    }
}
