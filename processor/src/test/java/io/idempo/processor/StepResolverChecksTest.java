package io.idempo.processor;

import static io.idempo.processor.StepSources.assertStepError;
import static io.idempo.processor.StepSources.assertStepsCompileCleanly;
import static io.idempo.processor.StepSources.step;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P032: a resolver is asked only when the provider ignores keys, and answers for the step's own result type. */
class StepResolverChecksTest {

    @Test
    void p031_resolverOfAProviderThatHonoursKeys() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\",",
                "            resolver = \"findCharge\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "    StepResolution<String> findCharge(String derivedKey) {",
                "        return null;",
                "    }",
                "}");
        assertStepError(source, Message.RESOLVER_NEVER_ASKED,
                "resolver = \"findCharge\", but providerHonoursKeys is true, so the step is retried with its key and "
                        + "the resolver is never asked",
                "resolver = \"findCharge\")");
    }

    @Test
    void p031_resolverThatDoesNotExist() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\", providerHonoursKeys = false,",
                "            resolver = \"findCharge\")",
                "    long charge(@ExternalStep.Owner String eventId) {",
                "        return 1;",
                "    }",
                "    StepResolution<Long> findCharge(long orderId) {",
                "        return null;",
                "    }",
                "}");
        assertStepError(source, Message.UNKNOWN_RESOLVER,
                "resolver = \"findCharge\" names no method of Payments that takes one String (the derived key); "
                        + "declare StepResolution<java.lang.Long> findCharge(String derivedKey) in it",
                "resolver = \"findCharge\")");
    }

    @Test
    void p031_resolverOfAnotherResultType() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\", providerHonoursKeys = false,",
                "            resolver = \"findCharge\")",
                "    String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "    Optional<String> findCharge(String derivedKey) {",
                "        return Optional.empty();",
                "    }",
                "}");
        assertStepError(source, Message.UNUSABLE_RESOLVER,
                "resolver findCharge(java.lang.String) must return "
                        + "io.idempo.runtime.step.StepResolution<java.lang.String>, not "
                        + "java.util.Optional<java.lang.String>",
                "resolver = \"findCharge\")");
    }

    @Test
    void p031_instanceResolverOfAStaticStep() {
        JavaFileObject source = step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\", providerHonoursKeys = false,",
                "            resolver = \"findCharge\")",
                "    static String charge(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "    StepResolution<String> findCharge(String derivedKey) {",
                "        return null;",
                "    }",
                "}");
        assertStepError(source, Message.UNUSABLE_RESOLVER,
                "resolver findCharge(java.lang.String) must be static, as the @ExternalStep method is",
                "resolver = \"findCharge\")");
    }

    @Test
    void resolversThatFit() {
        assertStepsCompileCleanly(step("test.Payments",
                "class Payments {",
                "    @ExternalStep(name = \"provider.charge\", providerHonoursKeys = false, resolver = \"findCharge\")",
                "    long charge(@ExternalStep.Owner String eventId) {",
                "        return 1;",
                "    }",
                "    StepResolution<Long> findCharge(String derivedKey) {",
                "        return null;",
                "    }",
                "    @ExternalStep(name = \"mail.send\", noResult = true, providerHonoursKeys = false,",
                "            resolver = \"findMail\")",
                "    static void send(@ExternalStep.Owner String eventId) {",
                "    }",
                "    private static StepResolution<Void> findMail(String derivedKey) {",
                "        return null;",
                "    }",
                "    @ExternalStep(name = \"sms.send\", providerHonoursKeys = false)",
                "    String sms(@ExternalStep.Owner String eventId) {",
                "        return eventId;",
                "    }",
                "}"));
    }
}
