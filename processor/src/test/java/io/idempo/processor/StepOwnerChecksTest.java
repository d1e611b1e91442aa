package io.idempo.processor;

import static io.idempo.processor.StepSources.assertStepError;
import static io.idempo.processor.StepSources.assertStepsCompileCleanly;
import static io.idempo.processor.StepSources.step;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P030: every step names its owner through exactly one parameter of a usable type, and only a step does. */
class StepOwnerChecksTest {

    @Test
    void p029_noOwner() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.MISSING_STEP_OWNER,
                "@ExternalStep method has no @ExternalStep.Owner parameter; mark the parameter that names whose step "
                        + "it is",
                "@ExternalStep(name = \"provider.charge\")");
    }

    @Test
    void p029_twoOwners() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(@ExternalStep.Owner String eventId,",
                "            @ExternalStep.Owner String orderId) {",
                "        return eventId + orderId;",
                "    }",
                "}");
        assertStepError(source, Message.SECOND_STEP_OWNER,
                "parameter 'orderId' is a second @ExternalStep.Owner; a step has exactly one owner",
                "@ExternalStep.Owner String orderId");
    }

    @Test
    void p029_ownerOfAnUnusableType() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(",
                "            @ExternalStep.Owner long orderId) {",
                "        return \"charged \" + orderId;",
                "    }",
                "}");
        assertStepError(source, Message.UNUSABLE_STEP_OWNER,
                "@ExternalStep.Owner parameter 'orderId' has type long; use String or UUID (an event id) or "
                        + "io.idempo.runtime.step.StepOwner",
                "@ExternalStep.Owner long orderId");
    }

    @Test
    void p029_ownerOutsideAStep() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    String charge(",
                "            @ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.ORPHAN_STEP_OWNER,
                "@ExternalStep.Owner on a parameter of charge, which is not @ExternalStep: it does nothing; annotate "
                        + "the method with @ExternalStep or remove it",
                "@ExternalStep.Owner String eventId");
    }

    @Test
    void ownersOfEveryAllowedType() {
        assertStepsCompileCleanly(step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(@ExternalStep.Owner String eventId, long amount) {",
                "        return eventId + amount;",
                "    }",
                "    @ExternalStep(name = \"provider.refund\")",
                "    String refund(long amount, @ExternalStep.Owner UUID eventId) {",
                "        return eventId + \"-\" + amount;",
                "    }",
                "    @ExternalStep(name = \"provider.capture\")",
                "    String capture(@ExternalStep.Owner StepOwner owner) {",
                "        return owner.toString();",
                "    }",
                "}"));
    }
}
