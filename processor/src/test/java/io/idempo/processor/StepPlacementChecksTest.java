package io.idempo.processor;

import static io.idempo.processor.StepSources.assertStepError;
import static io.idempo.processor.StepSources.assertStepsCompileCleanly;
import static io.idempo.processor.StepSources.step;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * P034: a step's body is woven, so the annotation sits on the implementation. P031, P033: a step refuses to run
 * inside a transaction, so a method that always runs in one is refused at compile time: an {@code @Idempotent}
 * one, or one a container gives a transaction.
 */
class StepPlacementChecksTest {

    @Test
    void p033_stepOnAnInterfaceMethod() {
        JavaFileObject source = step("test.PaymentSteps",
                "interface PaymentSteps {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(@ExternalStep.Owner String eventId);",
                "}");
        assertStepError(source, Message.STEP_WITHOUT_BODY,
                "@ExternalStep on an interface method does nothing: the aspect weaves method bodies, and an "
                        + "implementation does not inherit the annotation; put it on the implementing method",
                "@ExternalStep(name = \"provider.charge\")");
    }

    @Test
    void p033_stepOnAnAbstractMethod() {
        JavaFileObject source = step("test.PaymentSteps",
                "abstract class PaymentSteps {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    abstract String charge(@ExternalStep.Owner String eventId);",
                "}");
        assertStepError(source, Message.STEP_WITHOUT_BODY, "@ExternalStep on an abstract method does nothing",
                "@ExternalStep(name = \"provider.charge\")");
    }

    @Test
    void p030_stepThatIsIdempotentToo() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    @Idempotent(action = \"payments.charge\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.STEP_AND_IDEMPOTENT,
                "@ExternalStep and @Idempotent on one method: an @Idempotent method runs inside a transaction, where "
                        + "a step refuses to run",
                "@ExternalStep(name = \"provider.charge\")");
    }

    @Test
    void p032_transactionalStep() {
        JavaFileObject source = step("test.Payments",
                "import jakarta.transaction.Transactional;",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    @Transactional",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.STEP_IN_TRANSACTION,
                "the @ExternalStep method would run inside a transaction (@Transactional(TxType.REQUIRED) on the "
                        + "method), where a step refuses to run: no connection or row lock may wait for the provider; "
                        + "annotate the method @Transactional(TxType.NOT_SUPPORTED)",
                "@Transactional");
    }

    @Test
    void p032_stepOfATransactionalClass() {
        JavaFileObject source = step("test.Payments",
                "import jakarta.transaction.Transactional;",
                "@Transactional(Transactional.TxType.REQUIRES_NEW)",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.STEP_IN_TRANSACTION,
                "the @ExternalStep method would run inside a transaction (@Transactional(TxType.REQUIRES_NEW) on class "
                        + "Payments)",
                "@ExternalStep(name = \"provider.charge\")");
    }

    @Test
    void p032_stepOfASessionBean() {
        JavaFileObject source = step("test.Payments",
                "@jakarta.ejb.Stateless",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}");
        assertStepError(source, Message.STEP_IN_TRANSACTION,
                "the @ExternalStep method would run inside a transaction (session bean Payments runs its methods in a "
                        + "container-managed REQUIRED transaction by default), where a step refuses to run: no "
                        + "connection or row lock may wait for the provider; annotate the method "
                        + "@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)",
                "@ExternalStep(name = \"provider.charge\")");
    }

    @Test
    void stepsThatRunWithoutATransaction() {
        assertStepsCompileCleanly(step("test.Payments",
                "import jakarta.ejb.*;",
                "import jakarta.transaction.Transactional;",
                "@Transactional",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\")",
                "    @Transactional(Transactional.TxType.NOT_SUPPORTED)",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}",
                "@Stateless",
                "class Refunds {",
                "    @ExternalStep(name = \"provider.refund\")",
                "    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)",
                "    String refund(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}"));
    }
}
