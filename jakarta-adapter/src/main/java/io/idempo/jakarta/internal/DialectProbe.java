package io.idempo.jakarta.internal;

import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.spi.TransactionSupport;
import io.idempo.runtime.tx.TransactionFailedException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import java.util.Locale;
import java.util.function.Supplier;

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
        if (version == null) {
            version = probe(entityManager, transactions, "SELECT H2VERSION()") == null ? null : "H2";
        }
        if (version == null) {
            throw new IllegalStateException("Cannot tell which database holds the idempotency records: set "
                    + AdapterConfig.DIALECT + " to one of POSTGRESQL, MYSQL, MARIADB, H2, H2_POSTGRESQL_MODE");
        }
        return classify(version, () -> probe(entityManager, transactions,
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'MODE'"));
    }

    /**
     * The dialect for a {@code VERSION()} answer. H2 answers it too in PostgreSQL mode ("PostgreSQL 8.2.23 server
     * protocol using H2 2.2.224"), so H2 is recognised first and its mode asked separately.
     */
    static SqlDialect classify(String version, Supplier<String> h2Mode) {
        String lower = version.toLowerCase(Locale.ROOT);
        if (lower.startsWith("h2") || lower.contains("using h2")) {
            return "PostgreSQL".equalsIgnoreCase(h2Mode.get()) ? SqlDialect.H2_POSTGRESQL_MODE : SqlDialect.H2;
        }
        if (lower.contains("postgresql")) {
            return SqlDialect.POSTGRESQL;
        }
        return lower.contains("mariadb") ? SqlDialect.MARIADB : SqlDialect.MYSQL;
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
