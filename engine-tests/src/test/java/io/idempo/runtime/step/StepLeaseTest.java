package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The lease: while one attempt calls, every other run is told "busy" without calling; an attempt whose lease ran out
 * is taken over with the same key, and the stale attempt's answer, when it finally comes, changes nothing.
 */
class StepLeaseTest {

    private static final StepDefinition<Receipt> CHARGE = StepDefinition.of("provider.charge", Receipt.class);

    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final CountDownLatch calling = new CountDownLatch(1);
    private final CountDownLatch answer = new CountDownLatch(1);

    /** A call that the test holds inside the provider until it lets it answer. */
    private Receipt heldCall(String key) throws InterruptedException {
        calls.add(key);
        calling.countDown();
        if (!answer.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the test never let the call answer");
        }
        return new Receipt("ch_held", 1990);
    }

    private Receipt quickCall(String key) {
        calls.add(key);
        return new Receipt("ch_quick", 1990);
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void whileAnAttemptCallsEveryOtherRunIsBusyAndCallsNothing(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            CompletableFuture<Receipt> first = CompletableFuture.supplyAsync(() -> run(harness, owner, true));
            assertTrue(calling.await(10, TimeUnit.SECONDS));

            Instant leaseEnds = harness.clock.instant().plus(StepHarness.POLICY.lease());
            StepBusyException busy = assertThrows(StepBusyException.class,
                    () -> harness.steps.run(CHARGE, owner, this::quickCall));
            assertEquals(leaseEnds, busy.retryAt());
            assertEquals(1, calls.size());

            answer.countDown();
            assertEquals("ch_held", first.get(10, TimeUnit.SECONDS).chargeId());
            assertEquals("ch_held", harness.steps.run(CHARGE, owner, this::quickCall).chargeId());
            assertEquals(1, calls.size());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void anAttemptWhoseLeaseRanOutIsTakenOverWithTheSameKeyAndItsLateAnswerChangesNothing(StepDatabase database)
            throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            CompletableFuture<Receipt> stale = CompletableFuture.supplyAsync(() -> run(harness, owner, true));
            assertTrue(calling.await(10, TimeUnit.SECONDS));

            harness.clock.advance(StepHarness.POLICY.lease().plus(Duration.ofMillis(1)));
            Receipt takenOver = harness.steps.run(CHARGE, owner, this::quickCall);
            assertEquals("ch_quick", takenOver.chargeId());

            answer.countDown();
            Receipt late = stale.get(10, TimeUnit.SECONDS);
            assertEquals(takenOver, late, "the stale attempt answers with what the table says, not its own answer");
            assertEquals(2, calls.size());
            assertEquals(calls.get(0), calls.get(1), "both calls carry the one derived key");
            StoredStep row = harness.row(calls.get(0)).orElseThrow();
            assertEquals(StepState.SUCCEEDED, row.state());
            assertEquals(2, row.attempts());
            assertTrue(row.storedOutcome().orElseThrow().payload().contains("ch_quick"));
            assertEquals(List.of("provider.charge/first", "provider.charge/replayed"), harness.metrics.steps);
        }
    }

    private Receipt run(StepHarness harness, StepOwner owner, boolean held) {
        try {
            return harness.steps.run(CHARGE, owner, held ? this::heldCall : this::quickCall);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
