package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.record.JdbcSqlExecutor;
import java.sql.Connection;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * While the provider holds a step's call, the step holds no database connection: with a pool of one connection, a
 * business transaction runs and commits in the meantime, and another step starts and ends.
 */
class NoConnectionHeldTest {

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aPoolOfOneServesOtherTransactionsWhileAStepsCallWaitsForTheProvider(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database, 1)) {
            CountDownLatch calling = new CountDownLatch(1);
            CountDownLatch answer = new CountDownLatch(1);
            StepDefinition<Receipt> charge = StepDefinition.of("provider.charge", Receipt.class);
            CompletableFuture<Receipt> slow = CompletableFuture.supplyAsync(() -> {
                try {
                    return harness.steps.run(charge, StepOwner.event(UUID.randomUUID().toString()), key -> {
                        calling.countDown();
                        assertTrue(answer.await(30, TimeUnit.SECONDS));
                        return new Receipt("ch_slow", 1);
                    });
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(calling.await(10, TimeUnit.SECONDS));

            // The pool's one connection is free: the business transaction gets it (Hikari would time out in 2 s).
            long rows = harness.transactions.inTransaction(() -> {
                Connection connection = harness.transactions.currentConnection();
                return (Long) new JdbcSqlExecutor(connection).query("SELECT COUNT(*) FROM " + harness.table)
                        .get(0)[0];
            });
            assertEquals(1, rows, "the started step, committed before its call");
            Receipt other = harness.steps.run(charge, StepOwner.event(UUID.randomUUID().toString()),
                    key -> new Receipt("ch_other", 2));
            assertEquals("ch_other", other.chargeId());

            answer.countDown();
            assertEquals("ch_slow", slow.get(10, TimeUnit.SECONDS).chargeId());
            assertEquals(1, harness.pool.getHikariPoolMXBean().getIdleConnections());
        }
    }
}
