package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A provider that does not honour idempotency keys is never called blindly after an attempt whose outcome is
 * unknown: the resolver is asked first, and without one the step is INDETERMINATE at once.
 */
class StepResolverTest {

    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final List<String> asked = new CopyOnWriteArrayList<>();

    private Receipt lost(String key) throws IOException {
        calls.add(key);
        throw new IOException("read timed out");
    }

    private Receipt charged(String key) {
        calls.add(key);
        return new Receipt("ch_" + calls.size(), 500);
    }

    private StepDefinition<Receipt> resolvedBy(StepResolution<Receipt> answer) {
        return StepDefinition.of("sms.send", Receipt.class).providerIgnoresKeys(key -> {
            asked.add(key);
            return answer;
        });
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aResolverThatFindsTheCallEndsTheStepWithItsAnswerWithoutCalling(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Receipt> step = resolvedBy(StepResolution.done(new Receipt("ch_found", 500)));
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            assertThrows(StepRetryLaterException.class, () -> harness.steps.run(step, owner, this::lost));
            harness.clock.advance(Duration.ofMinutes(1));

            assertEquals(new Receipt("ch_found", 500), harness.steps.run(step, owner, this::charged));
            assertEquals(new Receipt("ch_found", 500), harness.steps.run(step, owner, this::charged));
            assertEquals(1, calls.size());
            assertEquals(List.of(calls.get(0)), asked, "asked once, about the step's own key");
            assertEquals(StepState.SUCCEEDED, harness.row(calls.get(0)).orElseThrow().state());
            assertEquals(List.of("sms.send/retry", "sms.send/resolved", "sms.send/replayed"), harness.metrics.steps);
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aResolverThatFindsNothingLetsTheStepCall(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Receipt> step = resolvedBy(StepResolution.notDone());
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            assertThrows(StepRetryLaterException.class, () -> harness.steps.run(step, owner, this::lost));
            harness.clock.advance(Duration.ofMinutes(1));

            assertEquals("ch_2", harness.steps.run(step, owner, this::charged).chargeId());
            assertEquals(2, calls.size());
            assertEquals(1, asked.size());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void aResolverThatCannotTellCostsAnAttemptAndIsAskedAgain(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Receipt> step = resolvedBy(StepResolution.unknown("the provider's search lags"));
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            assertThrows(StepRetryLaterException.class, () -> harness.steps.run(step, owner, this::lost));
            harness.clock.advance(Duration.ofMinutes(1));
            StepRetryLaterException unknown = assertThrows(StepRetryLaterException.class,
                    () -> harness.steps.run(step, owner, this::charged));
            assertTrue(unknown.getMessage().contains("the provider's search lags"), unknown.getMessage());
            harness.clock.advance(Duration.ofMinutes(1));
            assertThrows(StepIndeterminateException.class, () -> harness.steps.run(step, owner, this::charged));

            assertEquals(1, calls.size(), "never called again while the first call's outcome is unknown");
            assertEquals(2, asked.size());
            assertEquals(StepState.INDETERMINATE, harness.row(calls.get(0)).orElseThrow().state());
        }
    }

    @ParameterizedTest
    @EnumSource(StepDatabase.class)
    void withoutAResolverAnUnknownOutcomeIsIndeterminateAtOnce(StepDatabase database) throws Exception {
        try (StepHarness harness = new StepHarness(database)) {
            StepDefinition<Receipt> step = StepDefinition.of("sms.send", Receipt.class).providerIgnoresKeys();
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            StepIndeterminateException unknown = assertThrows(StepIndeterminateException.class,
                    () -> harness.steps.run(step, owner, this::lost));
            assertTrue(unknown.getMessage().contains("does not honour idempotency keys"), unknown.getMessage());
            harness.clock.advance(Duration.ofHours(1));
            assertThrows(StepIndeterminateException.class, () -> harness.steps.run(step, owner, this::charged));
            assertEquals(1, calls.size());
        }
    }
}
