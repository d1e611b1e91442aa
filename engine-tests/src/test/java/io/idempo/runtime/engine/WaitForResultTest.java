package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** With waitForResult, a duplicate that arrives while the first call runs waits for it and replays it. */
class WaitForResultTest {

    @Test
    void aDuplicateWaitsForTheRunningFirstCallAndReplaysIt() throws Exception {
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS,
                Duration.ofSeconds(10))) {
            harness.shop.delay = Duration.ofMillis(500);
            String key = "wait-" + UUID.randomUUID();
            OrderRequest request = new OrderRequest(1001, 2, BigDecimal.ONE);
            CountDownLatch firstStarted = new CountDownLatch(1);
            CompletableFuture<Order> first = CompletableFuture.supplyAsync(() -> {
                firstStarted.countDown();
                try {
                    return harness.placeInTransaction(request, key);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            firstStarted.await();
            Thread.sleep(100); // the first call now holds the claim and sleeps inside the method
            Order duplicate = harness.placeInTransaction(request, key);
            assertEquals(first.get(), duplicate);
            assertEquals(1, harness.shop.executions.get());
            assertEquals(1, harness.orderRows(key));
        }
    }
}
