package io.idempo.processor;

import static io.idempo.processor.StepSources.assertStepError;
import static io.idempo.processor.StepSources.assertStepsCompileCleanly;
import static io.idempo.processor.StepSources.step;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P029: the budget of attempts and the durations of a step are valid, and its first backoff not above the longest. */
class StepPolicyChecksTest {

    @Test
    void p028_noAttempts() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\",",
                "            maxAttempts = 0)",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.INVALID_STEP_ATTEMPTS,
                "maxAttempts = 0 is not between 1 and 1000; leave it out for the runtime's default",
                "maxAttempts = 0)");
    }

    @Test
    void p028_leaseThatIsNotPositive() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\",",
                "            lease = \"PT0S\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.INVALID_STEP_DURATION,
                "lease = \"PT0S\" is not positive; write a positive ISO-8601 duration such as \"PT1S\" or \"PT12H\"",
                "lease = \"PT0S\")");
    }

    @Test
    void p028_retryWindowInMonths() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\",",
                "            retryWindow = \"P1M\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.INVALID_STEP_DURATION,
                "retryWindow = \"P1M\" uses years, months or weeks, which java.time.Duration does not accept",
                "retryWindow = \"P1M\")");
    }

    @Test
    void p028_firstBackoffLongerThanTheLongest() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\", maxBackoff = \"PT1M\",",
                "            backoff = \"PT10M\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.BACKOFF_ABOVE_MAX,
                "backoff = \"PT10M\" is longer than maxBackoff = \"PT1M\", the longest delay; shorten it or raise "
                        + "maxBackoff",
                "backoff = \"PT10M\")");
    }

    @Test
    void aPolicyOfItsOwn() {
        assertStepsCompileCleanly(step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\", maxAttempts = 8, backoff = \"PT2S\",",
                "            maxBackoff = \"PT2M\", lease = \"PT90S\", retryWindow = \"PT6H\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}"));
    }
}
