package io.idempo.processor;

import static io.idempo.processor.StepSources.assertStepError;
import static io.idempo.processor.StepSources.assertStepsCompileCleanly;
import static io.idempo.processor.StepSources.step;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P027, P028: each permanent failure can be rebuilt by a later run, and can be thrown by the method. */
class StepFailureChecksTest {

    @Test
    void p026_failureWithoutAMessageConstructor() {
        JavaFileObject source = step("test.Payments",
                "class CardDeclinedException extends RuntimeException {",
                "    private static final long serialVersionUID = 1L;",
                "    public CardDeclinedException(String message, int code) {",
                "        super(message + code);",
                "    }",
                "}",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\",",
                "            permanentFailures = {",
                "                IllegalArgumentException.class,",
                "                CardDeclinedException.class})",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.PERMANENT_FAILURE_NOT_REBUILDABLE,
                "permanentFailures names test.CardDeclinedException, which a later run cannot rebuild: it has no "
                        + "public constructor taking a single String message; add one",
                "CardDeclinedException.class})");
    }

    @Test
    void p026_abstractFailure() {
        JavaFileObject source = step("test.Payments",
                "abstract class ProviderException extends RuntimeException {",
                "    private static final long serialVersionUID = 1L;",
                "    public ProviderException(String message) {",
                "        super(message);",
                "    }",
                "}",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\",",
                "            permanentFailures =",
                "                ProviderException.class)",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.PERMANENT_FAILURE_NOT_REBUILDABLE,
                "permanentFailures names test.ProviderException, which a later run cannot rebuild: it is abstract",
                "ProviderException.class)");
    }

    @Test
    void p027_checkedFailureTheMethodDoesNotDeclare() {
        JavaFileObject source = step("test.Payments",
                "class CardDeclinedException extends Exception {",
                "    private static final long serialVersionUID = 1L;",
                "    public CardDeclinedException(String message) {",
                "        super(message);",
                "    }",
                "}",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\",",
                "            permanentFailures =",
                "                CardDeclinedException.class)",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.PERMANENT_FAILURE_NOT_THROWN,
                "permanentFailures names test.CardDeclinedException, a checked exception the method does not "
                        + "declare, so it can never be thrown; add it to the throws clause or remove it",
                "CardDeclinedException.class)");
    }

    @Test
    void failuresThatRebuild() {
        assertStepsCompileCleanly(step("test.Payments",
                "class CardDeclinedException extends Exception {",
                "    private static final long serialVersionUID = 1L;",
                "    public CardDeclinedException(String message) {",
                "        super(message);",
                "    }",
                "}",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\",",
                "            permanentFailures = {CardDeclinedException.class, IllegalArgumentException.class})",
                "    String charge(@ExternalStep.Owner String eventId) throws CardDeclinedException {",
                "        return eventId;",
                "    }",
                "}"));
    }
}
