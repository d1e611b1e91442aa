package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Several workers run the same steps at the same moment, on real threads against a real HTTP provider, until each
 * step has ended: never two calls of one step at once, one SUCCEEDED row per step, one charge per step in the
 * provider's ledger, whether the provider answers at once or fails and loses answers on the way.
 */
class ConcurrentStepsTest {

    private static final int WORKERS = 8;
    private static final int STEPS = 10;

    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private final AtomicInteger busy = new AtomicInteger();

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void workersRacingOnEveryStepMakeOneCallAtATimeAndOneChargePerStep(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database, WORKERS + 2); TestProvider provider = new TestProvider()) {
            race(harness, provider);
            assertEquals(STEPS, provider.requestKeys().size(), "one call per step: the others were busy or replayed");
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void workersRacingOnStepsWhoseCallsFailAndLoseAnswersStillChargeOncePerStep(StepDatabase database)
            throws Exception {
        try (StepHarness harness = new StepHarness(database, WORKERS + 2); TestProvider provider = new TestProvider()) {
            provider.failBeforeCharging(4);
            provider.loseAnswerAfterCharging(4);
            race(harness, provider);
            assertTrue(provider.requestKeys().size() > STEPS, "failed calls were retried: " + provider.requestKeys());
        }
    }

    /**
     * Every worker runs every step, each from a barrier, and runs again after "busy" or "retry later" (moving the
     * test's clock past the backoff) until the step answers; then the database and the ledger are checked.
     */
    private void race(StepHarness harness, TestProvider provider) throws Exception {
        ProviderClient client = new ProviderClient(provider.url());
        // A lease and a window far beyond what the workers move the clock by: only the lease decides who calls.
        StepDefinition<Receipt> charge = StepDefinition.of("provider.charge", Receipt.class).maxAttempts(50)
                .lease(Duration.ofDays(1)).retryWindow(Duration.ofDays(365));
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
        try {
            for (int step = 0; step < STEPS; step++) {
                StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
                CyclicBarrier start = new CyclicBarrier(WORKERS);
                List<Future<Receipt>> runs = new ArrayList<>();
                for (int worker = 0; worker < WORKERS; worker++) {
                    runs.add(workers.submit(untilAnswered(harness, start, () -> harness.steps.run(charge, owner,
                            key -> counted(() -> client.charge(key, 1990))))));
                }
                Set<Receipt> answers = new HashSet<>();
                for (Future<Receipt> run : runs) {
                    answers.add(run.get(60, TimeUnit.SECONDS));
                }
                assertEquals(1, answers.size(), "every worker got the one charge: " + answers);
                StoredStep row = harness.row(StepKey.of(owner, "provider.charge").derivedKey()).orElseThrow();
                assertEquals(StepState.SUCCEEDED, row.state());
                assertTrue(row.storedOutcome().orElseThrow().payload().contains(answers.iterator().next().chargeId()));
            }
        } finally {
            workers.shutdownNow();
        }
        assertEquals(1, mostInFlight.get(), "never two calls of one step at once");
        assertTrue(busy.get() > 0, "the workers did race: some found a step held by another");
        assertEquals(STEPS, harness.rowCount());
        assertEquals(STEPS, provider.charges().size(), "one charge per step: " + provider.charges());
        Set<String> keys = provider.charges().stream().map(TestProvider.Charge::idempotencyKey)
                .collect(Collectors.toSet());
        assertEquals(keys, Set.copyOf(provider.requestKeys()), "every call carried its step's one key");
    }

    private <T> T counted(Callable<T> call) throws Exception {
        int now = inFlight.incrementAndGet();
        mostInFlight.accumulateAndGet(now, Math::max);
        try {
            Thread.sleep(5); // long enough for a racing worker to arrive while the call is in flight
            return call.call();
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private <T> Callable<T> untilAnswered(StepHarness harness, CyclicBarrier start, Callable<T> run) {
        return () -> {
            start.await(10, TimeUnit.SECONDS);
            for (int attempt = 0; ; attempt++) {
                try {
                    return run.call();
                } catch (StepPendingException e) {
                    if (attempt > 2_000) {
                        throw e;
                    }
                    if (e instanceof StepRetryLaterException) {
                        harness.clock.advance(Duration.ofSeconds(10));
                    } else {
                        busy.incrementAndGet();
                    }
                    Thread.sleep(2);
                }
            }
        };
    }
}
