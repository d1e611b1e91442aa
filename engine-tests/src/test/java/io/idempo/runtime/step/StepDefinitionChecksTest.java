package io.idempo.runtime.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The processor's step checks that can run at run time, with its codes, when a step is defined in code. */
class StepDefinitionChecksTest {

    /** A permanent failure a later run could not rebuild: it has no (String) constructor. */
    static final class NoMessageConstructor extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void aNameOutsideTheRuleIsRefusedWithP025() {
        assertCode("IDEM-P025", () -> StepDefinition.of("provider charge", String.class));
        assertCode("IDEM-P025", () -> StepDefinition.withoutResult(""));
    }

    @Test
    void aPermanentFailureALaterRunCannotRebuildIsRefusedWithP027() {
        assertCode("IDEM-P027", () -> StepDefinition.of("provider.charge", String.class)
                .permanentFailures(NoMessageConstructor.class));
    }

    @Test
    void attemptsAndDurationsOutsideTheRulesAreRefusedWithP029() {
        StepDefinition<String> step = StepDefinition.of("provider.charge", String.class);
        assertCode("IDEM-P029", () -> step.maxAttempts(0));
        assertCode("IDEM-P029", () -> step.maxAttempts(1001));
        assertCode("IDEM-P029", () -> step.lease(Duration.ZERO));
        assertCode("IDEM-P029", () -> step.retryWindow(Duration.ofSeconds(-1)));
        assertCode("IDEM-P029", () -> step.backoff(Duration.ofMinutes(2), Duration.ofMinutes(1)));
        assertCode("IDEM-P029", () -> new StepPolicy(10, Duration.ofSeconds(1), Duration.ZERO, Duration.ofMinutes(1),
                Duration.ofHours(1)));
    }

    @Test
    void whatAStepSetsGoesOverTheDefaultsAndOneEndOfTheBackoffMovesTheOther() {
        StepPolicy defaults = StepPolicy.DEFAULT;
        assertEquals(defaults, StepDefinition.of("provider.charge", String.class).policy(defaults));
        StepPolicy own = StepDefinition.of("provider.charge", String.class).maxAttempts(4)
                .lease(Duration.ofSeconds(30)).retryWindow(Duration.ofHours(1)).policy(defaults);
        assertEquals(new StepPolicy(4, defaults.backoff(), defaults.maxBackoff(), Duration.ofSeconds(30),
                Duration.ofHours(1)), own);
        StepPolicy slowStart = StepDefinition.of("provider.charge", String.class)
                .annotated(null, Duration.ofMinutes(10), null, null, null).policy(defaults);
        assertEquals(Duration.ofMinutes(10), slowStart.maxBackoff());
        StepPolicy capped = StepDefinition.of("provider.charge", String.class)
                .annotated(null, null, Duration.ofMillis(500), null, null).policy(defaults);
        assertEquals(Duration.ofMillis(500), capped.backoff());
    }

    @Test
    void theDefaultPolicySpendsItsBudgetWellInsideItsWindow() {
        StepPolicy policy = StepPolicy.DEFAULT;
        Duration waited = Duration.ZERO;
        for (int attempt = 1; attempt < policy.maxAttempts(); attempt++) {
            waited = waited.plus(policy.delayAfter(attempt));
        }
        assertEquals(Duration.ofSeconds(1 + 2 + 4 + 8 + 16 + 32 + 64 + 128 + 256), waited);
        assertTrue(waited.plus(policy.lease().multipliedBy(policy.maxAttempts())).compareTo(policy.retryWindow()) < 0);
    }

    private static void assertCode(String code, Runnable definition) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, definition::run);
        assertTrue(refused.getMessage().startsWith("[" + code + "]"), refused.getMessage());
    }
}
