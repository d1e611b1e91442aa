package io.idempo.processor;

import static io.idempo.processor.StepSources.assertStepError;
import static io.idempo.processor.StepSources.assertStepsCompileCleanly;
import static io.idempo.processor.StepSources.step;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P024: a later run of a step returns the stored result, so there is one, of a type known when it is decoded. */
class StepResultChecksTest {

    @Test
    void p023_voidStepWithoutNoResult() {
        JavaFileObject source = step("test.Mailer",
                "class Mailer {",
                "    @ExternalStep(name = \"mail.send\")",
                "    void send(@ExternalStep.Owner String eventId) {",
                "    }",
                "}");
        assertStepError(source, Message.STEP_VOID_WITHOUT_NO_RESULT,
                "@ExternalStep method returns void, so a later run has no result to return; return the provider's "
                        + "answer, or set @ExternalStep(noResult = true)",
                "@ExternalStep(name = \"mail.send\")");
    }

    @Test
    void p023_noResultOnAStepReturningAValue() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(",
                "            name = \"provider.charge\",",
                "            noResult = true)",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.STEP_NO_RESULT_WITH_VALUE,
                "noResult = true, but the @ExternalStep method returns java.lang.String: later runs would get no "
                        + "result; remove noResult",
                "noResult = true)");
    }

    @Test
    void p023_resultOfTheMethodsTypeVariable() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.look-up\")",
                "    <T> List<T> lookUp(@ExternalStep.Owner String eventId) {",
                "        return List.of();",
                "    }",
                "}");
        assertStepError(source, Message.STEP_UNREPLAYABLE_RESULT,
                "return type java.util.List<T> uses the method's type variable T, which is unknown when a later run "
                        + "decodes the stored result",
                "@ExternalStep(name = \"provider.look-up\")");
    }

    @Test
    void resultsThatReplay() {
        assertStepsCompileCleanly(step("test.Gateway",
                "class Gateway<R> {",
                "    @ExternalStep(name = \"mail.send\", noResult = true)",
                "    void send(@ExternalStep.Owner String eventId) {",
                "    }",
                "    @ExternalStep(name = \"provider.fetch\")",
                "    R fetch(@ExternalStep.Owner String eventId) {",
                "        return null;",
                "    }",
                "    @ExternalStep(name = \"provider.count\")",
                "    long count(@ExternalStep.Owner UUID eventId) {",
                "        return 0;",
                "    }",
                "}"));
    }
}
