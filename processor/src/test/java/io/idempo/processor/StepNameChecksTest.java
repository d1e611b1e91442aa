package io.idempo.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.idempo.processor.DiagnosticAssertions.assertOnlyError;
import static io.idempo.processor.StepSources.assertStepError;
import static io.idempo.processor.StepSources.compileSteps;
import static io.idempo.processor.StepSources.step;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P025, P026: a step's name is part of its derived key: well formed, and one step's only. */
class StepNameChecksTest {

    @Test
    void p024_malformedStepName() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(",
                "            name = \"provider charge\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.MALFORMED_STEP_NAME,
                "step name \"provider charge\" must match [A-Za-z][A-Za-z0-9_.-]{0,63}; the name is part of every "
                        + "derived key, log line and metric of the step",
                "name = \"provider charge\")");
    }

    @Test
    void p025_oneNameForStepsOfTwoClasses() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\", maxAttempts = 5)",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}",
                "class Refunds {",
                "    @ExternalStep(",
                "            name = \"provider.charge\")",
                "    String refund(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.DUPLICATE_STEP_NAME,
                "step name \"provider.charge\" is already used by test.Payments.charge(java.lang.String); the two "
                        + "steps of one owner would share one derived key and one state",
                "name = \"provider.charge\")");
    }

    @Test
    void p025_acrossSourceFiles() {
        JavaFileObject first = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        JavaFileObject second = step("test.Refunds",
                "class Refunds {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String refund(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertOnlyError(compileSteps(first, second), second, Message.DUPLICATE_STEP_NAME,
                "step name \"provider.charge\" is already used by test.Payments.charge(java.lang.String)",
                "@ExternalStep(name = \"provider.charge\")");
    }

    @Test
    void distinctNames() {
        assertThat(compileSteps(step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "    @ExternalStep(name = \"provider.refund\")",
                "    String refund(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}"))).succeededWithoutWarnings();
    }
}
