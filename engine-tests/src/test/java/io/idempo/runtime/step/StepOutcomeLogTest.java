package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.engine.CapturedLines;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Each run of a step writes one outcome line in the engine's format: the step's name as the action, its owner as the
 * scope, its derived key as the key, the request id, the outcome and who decided it; never a request or result value.
 */
class StepOutcomeLogTest {

    @Test
    void everyDecisionIsOneLineInTheEnginesFormat() throws Exception {
        try (StepHarness harness = new StepHarness(StepDatabase.H2);
             CapturedLines outcomes = CapturedLines.of("io.idempo.outcome")) {
            StepDefinition<Receipt> charge = StepDefinition.of("provider.charge", Receipt.class).maxAttempts(2);
            StepOwner owner = StepOwner.event(UUID.randomUUID().toString());
            String key = StepKey.of(owner, "provider.charge").derivedKey();
            String line = "idempo action=provider.charge scope=" + owner.text() + " key=" + key;
            try (IdempotencyContext.Scope ignored = IdempotencyContext.open(IdempotencyContext.Request.of(null, null)
                    .withRequestId("req-42"))) {
                assertThrows(StepRetryLaterException.class, () -> harness.steps.run(charge, owner, k -> {
                    throw new IOException("secret-card-4242 declined by the network");
                }));
            }
            assertThrows(StepRetryLaterException.class, () -> harness.steps.run(charge, owner, k -> null));
            harness.clock.advance(Duration.ofMinutes(1));
            harness.steps.run(charge, owner, k -> new Receipt("ch_9999", 1990));
            harness.steps.run(charge, owner, k -> null);

            assertEquals(List.of(
                    line + " request=req-42 outcome=retry source=provider",
                    line + " request=- outcome=backing_off source=database",
                    line + " request=- outcome=first source=provider",
                    line + " request=- outcome=replayed source=database"),
                    outcomes.lines().stream().filter(text -> text.contains(key)).toList());
        }
    }
}
