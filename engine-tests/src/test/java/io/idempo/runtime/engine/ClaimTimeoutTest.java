package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.IdempotencyEngineBuilder;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import io.idempo.runtime.spi.SqlExecutor;
import io.idempo.runtime.spi.TransactionSupport;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A store claim outlives its caller by at most the claim timeout, yet a duplicate of a call that really runs is
 * still turned away by the store alone. Before claims were renewed, a caller killed inside the method or a commit
 * that failed without a completion callback (Payara after a lost connection) left retries told "in progress" for
 * the whole lease (30 s by default).
 */
class ClaimTimeoutTest {

    private static final Duration TIMEOUT = IdempotencyEngineBuilder.DEFAULT_CLAIM_TIMEOUT;
    /** The timeout, plus room for the retry's own work: what the fault suite asks of a healed key. */
    private static final Duration HEALED_WITHIN = Duration.ofSeconds(2);
    private static final Duration RETRY_EVERY = Duration.ofMillis(50);

    @ParameterizedTest
    @EnumSource(value = ClaimMode.class, names = {"IN_MEMORY", "REDIS"})
    void aCallRunningLongerThanTheTimeoutKeepsItsClaim(ClaimMode mode) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, mode);
             OutcomeCounts outcomes = OutcomeCounts.capture()) {
            String key = "long-" + UUID.randomUUID();
            OrderRequest request = new OrderRequest(7001, 1, BigDecimal.ONE);
            harness.shop.delay = TIMEOUT.multipliedBy(3);
            Future<Order> first = pool.submit(() -> harness.placeInTransaction(request, key));
            awaitExecutions(harness, 1);
            Thread.sleep(TIMEOUT.multipliedBy(2).toMillis());

            harness.statements.start();
            assertThrows(IdempotencyInProgressException.class, () -> harness.shop.placeOrder(request, key));
            List<StatementLog.Entry> duplicate = harness.statements.stopIncludingConnections();

            assertEquals(1, outcomes.get("in_progress/claim-store"), "the store, not the database, turned it away");
            assertEquals(List.of(), duplicate, "the duplicate took no connection and sent no SQL");
            assertEquals(request.productId(), first.get(30, TimeUnit.SECONDS).productId());
            assertEquals(1, harness.orderRows(key));
            assertEquals(1, harness.shop.executions.get());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The caller's JVM is SIGKILLed inside the method, after its business write and before its commit. */
    @Test
    void aClaimWhoseCallerWasKilledLapsesWithinTheTimeout(@TempDir Path directory) throws Exception {
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS)) {
            String key = "killed-" + UUID.randomUUID();
            OrderRequest request = new OrderRequest(7002, 1, BigDecimal.TEN);
            Path log = directory.resolve("dying-caller.log");
            Process caller = DyingCaller.start(log, EngineDatabase.POSTGRESQL.name(), harness.recordTable,
                    harness.ordersTable, harness.redisPrefix, key, String.valueOf(request.productId()));
            try {
                awaitLine(log, DyingCaller.INSIDE, caller);
                assertThrows(IdempotencyInProgressException.class, () -> harness.placeInTransaction(request, key),
                        "while the caller lives, its claim holds");
            } finally {
                caller.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            long killed = System.nanoTime();

            Order order = retryUntilAnswered(() -> harness.placeInTransaction(request, key));

            Duration healedAfter = Duration.ofNanos(System.nanoTime() - killed);
            assertTrue(healedAfter.compareTo(HEALED_WITHIN) <= 0, "the first successful retry came " + healedAfter
                    + " after the kill; the claim timeout is " + TIMEOUT);
            assertEquals(request.productId(), order.productId());
            assertEquals(1, harness.orderRows(key), "the killed call's write rolled back; the retry's stands");
            assertEquals(1, harness.recordRows());
        }
    }

    /**
     * The call's transaction rolls back, and the transactions run no completion callback, as Payara does when a
     * commit fails on a lost connection: nobody releases the claim.
     */
    @ParameterizedTest
    @EnumSource(value = ClaimMode.class, names = {"IN_MEMORY", "REDIS"})
    void aClaimThatNoCompletionCallbackReleasesLapsesWithinTheTimeout(ClaimMode mode) throws Exception {
        EngineHarness.Options silentCompletion = EngineHarness.Options.DEFAULT.transactions(WithoutCallbacks::new);
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, mode, Duration.ZERO,
                silentCompletion)) {
            String key = "silent-" + UUID.randomUUID();
            OrderRequest request = new OrderRequest(7003, 1, BigDecimal.ONE);
            harness.shop.failAfterWrite = true;
            assertThrows(IllegalStateException.class, () -> harness.placeInTransaction(request, key));
            long failed = System.nanoTime();
            harness.shop.failAfterWrite = false;
            assertThrows(IdempotencyInProgressException.class, () -> harness.placeInTransaction(request, key),
                    "no callback released the claim");

            Order order = retryUntilAnswered(() -> harness.placeInTransaction(request, key));

            Duration healedAfter = Duration.ofNanos(System.nanoTime() - failed);
            assertTrue(healedAfter.compareTo(HEALED_WITHIN) <= 0, "the first successful retry came " + healedAfter
                    + " after the failed commit; the claim timeout is " + TIMEOUT);
            assertEquals(request.productId(), order.productId());
            assertEquals(1, harness.orderRows(key));
            assertEquals(2, harness.shop.executions.get());
        }
    }

    /** Transactions whose end no callback hears of. */
    private record WithoutCallbacks(TransactionSupport target) implements TransactionSupport {
        @Override
        public boolean isActive() {
            return target.isActive();
        }

        @Override
        public SqlExecutor executor() {
            return target.executor();
        }

        @Override
        public void afterCompletion(Consumer<Boolean> callback) {
        }

        @Override
        public <T> T inNewTransaction(Supplier<T> body, Predicate<T> commit) {
            return target.inNewTransaction(body, commit);
        }
    }

    @FunctionalInterface
    private interface Attempt {
        Order call() throws Exception;
    }

    /** Retries while the answer is "in progress", as a careful client does. */
    private static Order retryUntilAnswered(Attempt attempt) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                return attempt.call();
            } catch (IdempotencyInProgressException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(RETRY_EVERY.toMillis());
            }
        }
    }

    private static void awaitExecutions(EngineHarness harness, int executions) throws InterruptedException {
        for (int i = 0; i < 1000 && harness.shop.executions.get() < executions; i++) {
            Thread.sleep(10);
        }
        assertEquals(executions, harness.shop.executions.get());
    }

    private static void awaitLine(Path log, String line, Process process) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            if (Files.exists(log) && Files.readString(log, StandardCharsets.UTF_8).contains(line)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("The caller never said '" + line + "':\n"
                + (Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no output)"));
    }
}
