package io.idempo.runtime.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.spi.SqlExecutor;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The same operations through JPA native queries on a resource-local Hibernate EntityManager, as a JPA application
 * (WildFly ships Hibernate) would run them inside its own transaction.
 */
class HibernateRecordStoreTest {

    @ParameterizedTest
    @EnumSource(value = DatabaseUnderTest.class, names = {"POSTGRESQL", "MARIADB_VIA_MYSQL_CONNECTOR", "MARIADB", "H2"})
    void claimsCompletesReplaysAndDeletesThroughJpa(DatabaseUnderTest database) throws Exception {
        String response = "RESULT\n{\"order\":\"Ünïcødé ✓ 𝄞\",\"lines\":\"" + "x".repeat(100_000) + "\"}";
        try (TestTable table = TestTable.create(database); Jpa jpa = Jpa.open(database)) {
            RecordStore store = table.store().build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());

            jpa.inTransaction(em -> {
                SqlExecutor sql = new JpaSqlExecutor(em);
                assertEquals(new RecordClaim.Claimed(false), store.claim(sql, claim));
                store.complete(sql, claim.keyHash(), RecordStatus.COMPLETED, response);
                return null;
            });

            StoredRecord replayed = jpa.inTransaction(em -> assertInstanceOf(RecordClaim.Existing.class,
                    store.claim(new JpaSqlExecutor(em), claim)).record());
            assertEquals(RecordStatus.COMPLETED, replayed.status());
            assertEquals(response, replayed.response());
            assertEquals(claim.fieldDigests(), replayed.fieldDigests());
            assertEquals(Optional.of(replayed),
                    jpa.inTransaction(em -> store.find(new JpaSqlExecutor(em), claim.keyHash())));

            NewRecord failedAttempt = Records.claimFor(Records.newKeyHash());
            jpa.inTransaction(em -> {
                SqlExecutor sql = new JpaSqlExecutor(em);
                store.claim(sql, failedAttempt);
                assertTrue(store.delete(sql, failedAttempt.keyHash()));
                return null;
            });
            assertEquals(0, table.rowCount(failedAttempt.keyHash()));
        }
    }

    @ParameterizedTest
    @EnumSource(value = DatabaseUnderTest.class, names = {"POSTGRESQL", "MARIADB_VIA_MYSQL_CONNECTOR", "MARIADB", "H2"})
    void aLockTimeoutReachesTheCallerAsBusyThroughHibernatesExceptions(DatabaseUnderTest database) throws Exception {
        try (TestTable table = TestTable.create(database); Jpa jpa = Jpa.open(database)) {
            RecordStore store = table.store().lockWait(Duration.ZERO).build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            EntityManager holder = jpa.factory.createEntityManager();
            EntityManager duplicate = jpa.factory.createEntityManager();
            try {
                holder.getTransaction().begin();
                assertEquals(new RecordClaim.Claimed(false), store.claim(new JpaSqlExecutor(holder), claim));

                duplicate.getTransaction().begin();
                RecordBusyException busy = assertThrows(RecordBusyException.class,
                        () -> store.claim(new JpaSqlExecutor(duplicate), claim));
                assertEquals(claim.keyHash(), busy.keyHash());
                duplicate.getTransaction().rollback();
                holder.getTransaction().commit();
            } finally {
                holder.close();
                duplicate.close();
            }
            assertEquals(1, table.rowCount(claim.keyHash()));
        }
    }

    /** A Hibernate EntityManagerFactory for one database, from the test persistence unit. */
    private static final class Jpa implements AutoCloseable {

        final EntityManagerFactory factory;

        private Jpa(EntityManagerFactory factory) {
            this.factory = factory;
        }

        static Jpa open(DatabaseUnderTest database) {
            return new Jpa(Persistence.createEntityManagerFactory("idempo-records", Map.of(
                    "jakarta.persistence.jdbc.url", database.url,
                    "jakarta.persistence.jdbc.user", database.user,
                    "jakarta.persistence.jdbc.password", "")));
        }

        <T> T inTransaction(Function<EntityManager, T> work) {
            EntityManager em = factory.createEntityManager();
            try {
                em.getTransaction().begin();
                T result = work.apply(em);
                em.getTransaction().commit();
                return result;
            } finally {
                if (em.getTransaction().isActive()) {
                    em.getTransaction().rollback();
                }
                em.close();
            }
        }

        @Override
        public void close() {
            factory.close();
        }
    }
}
