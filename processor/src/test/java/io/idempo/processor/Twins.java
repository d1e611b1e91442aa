package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.java;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.google.testing.compile.Compilation;
import io.idempo.plan.IdempotencyPlans;
import io.idempo.plan.MethodPlan;
import javax.tools.JavaFileObject;

/**
 * Two methods that differ only in their parameter type: a type under test (generated, or read by rules of its own)
 * and a hand-written record of the same shape. Their plans must fingerprint equal values alike, which proves that
 * the type is read with the same property names, types and encodings as the record.
 */
final class Twins {

    private Twins() {
    }

    /**
     * {@code test.Orders} with {@code place}, which takes the type under test, and {@code placePlain}, which takes
     * its record twin; and two factories of equal arguments for them, {@code generated(sku)} and {@code plain(sku)}.
     *
     * @param attributes what the two {@code @Idempotent} annotations add after the action
     */
    static JavaFileObject twins(String attributes, String testedType, String testedValue, String plainType,
                                String plainValue) {
        return java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\"" + attributes + ")",
                "    String place(" + testedType + " value) {",
                "        return \"ok\";",
                "    }",
                "    @Idempotent(action = \"orders.placePlain\"" + attributes + ")",
                "    String placePlain(" + plainType + " value) {",
                "        return \"ok\";",
                "    }",
                "    static Object[] generated(String sku) {",
                "        return new Object[] {" + testedValue + "};",
                "    }",
                "    static Object[] plain(String sku) {",
                "        return new Object[] {" + plainValue + "};",
                "    }",
                "}");
    }

    /**
     * The plans of {@code place(testedType)} and {@code placePlain(plainType)} in {@code test.Orders} share the
     * fingerprint version and, for the equal values of {@code generated(sku)} and {@code plain(sku)}, the digest,
     * which changes with the value.
     */
    static void assertSameFingerprints(Compilation compilation, String testedType, String plainType) {
        CompiledClasses classes = new CompiledClasses(compilation);
        IdempotencyPlans plans = classes.plans("test.Orders");
        MethodPlan tested = plans.plan("place(test." + testedType + ")");
        MethodPlan plain = plans.plan("placePlain(test." + plainType + ")");
        assertEquals(plain.fingerprintVersion(), tested.fingerprintVersion());
        String digest = tested.fingerprint(classes.call("test.Orders", "generated", "TEA-1")).digest();
        assertEquals(plain.fingerprint(classes.call("test.Orders", "plain", "TEA-1")).digest(), digest);
        assertNotEquals(tested.fingerprint(classes.call("test.Orders", "generated", "CUP-9")).digest(), digest);
    }
}
