package io.idempo.runtime.engine;

import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.claim.FailOpenClaimStore;
import io.idempo.runtime.engine.Shop.Order;
import io.idempo.runtime.engine.Shop.OrderRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Rounds of calls as clients make them while the claim store goes through trouble: every key of a round is called
 * {@link #COPIES} times from the pool's threads (the copies of a key side by side, so that they race), a fault is
 * injected once a quarter of the calls have returned, and each key's results are kept, to show that it only ever
 * had one. "In progress" is a legitimate answer to a concurrent duplicate; any other exception fails the round.
 */
final class CallRounds {

    static final int COPIES = 2;

    /** Something done to the claim store in the middle of a round, such as killing Redis. */
    @FunctionalInterface
    interface Fault {
        void inject() throws Exception;
    }

    private final EngineHarness harness;
    private final ExecutorService pool;
    private final Map<String, Set<Order>> results = new ConcurrentHashMap<>();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicLong slowestNanos = new AtomicLong();

    CallRounds(EngineHarness harness, ExecutorService pool) {
        this.harness = harness;
        this.pool = pool;
    }

    /** The request a key is always called with, so that its duplicates are true duplicates. */
    static OrderRequest request(String key) {
        return new OrderRequest(Math.abs(key.hashCode()), 1 + Math.abs(key.hashCode() % 5), new BigDecimal("10.00"));
    }

    /** {@code count} keys named after the test run and a group of it. */
    static List<String> keys(String run, String group, int count) {
        return IntStream.range(0, count).mapToObj(i -> "outage-" + run + "-" + group + "-" + i).toList();
    }

    /** Calls every key {@link #COPIES} times, with nothing injected. */
    void round(List<String> keys) throws Exception {
        round(keys, () -> { });
    }

    /** Calls every key {@link #COPIES} times and injects {@code fault} once a quarter of the calls have returned. */
    void round(List<String> keys, Fault fault) throws Exception {
        ExecutorCompletionService<Void> done = new ExecutorCompletionService<>(pool);
        int submitted = 0;
        for (String key : keys) {
            for (int copy = 0; copy < COPIES; copy++) {
                done.submit(() -> {
                    call(key);
                    return null;
                });
                submitted++;
            }
        }
        for (int i = 0; i < submitted; i++) {
            if (i == submitted / 4) {
                fault.inject();
            }
            done.take().get(); // any exception other than "in progress" fails the test here
        }
    }

    /** One call as a client makes it, on the caller's thread. */
    void call(String key) throws Exception {
        calls.incrementAndGet();
        long started = System.nanoTime();
        try {
            Order order = harness.placeInTransaction(request(key), key);
            results.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(order);
        } catch (IdempotencyInProgressException e) {
            inProgress.incrementAndGet();
        } finally {
            long took = System.nanoTime() - started;
            slowestNanos.accumulateAndGet(took, Math::max);
        }
    }

    /** The distinct results {@code key} was answered with: exactly one, whatever happened to the claim store. */
    Set<Order> results(String key) {
        return results.getOrDefault(key, Set.of());
    }

    int calls() {
        return calls.get();
    }

    int inProgress() {
        return inProgress.get();
    }

    /** The longest any call took, "in progress" answers included. */
    Duration slowestCall() {
        return Duration.ofNanos(slowestNanos.get());
    }

    /**
     * Waits (bounded) until reads of {@code keyHashes} reach the claim store without degrading: the circuit is
     * closed and the store answers for each of them (in a cluster, each key's master).
     */
    static void awaitClaimStoreAnswers(FailOpenClaimStore store, Collection<String> keyHashes)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            long degraded = store.degradedCalls();
            keyHashes.forEach(store::completed);
            if (store.degradedCalls() == degraded && !store.isOpen()) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the claim store did not answer again within 10 s of its restart");
    }
}
