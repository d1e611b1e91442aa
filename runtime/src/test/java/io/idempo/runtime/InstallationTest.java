package io.idempo.runtime;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * One engine per class loader, and an installation removes only what it installed: in a server, a stale handle (a
 * stopping deployment) must never take away the engine of the deployment that replaced it.
 */
class InstallationTest {

    @Test
    void closingAnInstallationRemovesItsEngine() {
        IdempotencyEngine engine = engine();
        try (Idempotency.Installation installation = Idempotency.install(engine)) {
            assertSame(engine, Idempotency.engine());
        }
        assertThrows(IllegalStateException.class, Idempotency::engine);
    }

    @Test
    void aSecondEngineIsRefusedWhileTheFirstIsInstalled() {
        try (Idempotency.Installation first = Idempotency.install(engine())) {
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> Idempotency.install(engine()));
            assertTrue(refused.getMessage().contains("WEB-INF/lib"), refused.getMessage());
        }
    }

    @Test
    void aStaleHandleLeavesANewerEngineInstalled() {
        IdempotencyEngine first = engine();
        Idempotency.Installation stale = Idempotency.install(first);
        stale.close();
        IdempotencyEngine second = engine();
        try (Idempotency.Installation current = Idempotency.install(second)) {
            stale.close();
            assertSame(second, Idempotency.engine());
        }
    }

    private static IdempotencyEngine engine() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:installation");
        return IdempotencyEngine.builder()
                .recordStore(RecordStore.builder(SqlDialect.H2).build())
                .transactions(new JdbcTransactions(h2))
                .responseCodec(new TextResults())
                .build();
    }
}
