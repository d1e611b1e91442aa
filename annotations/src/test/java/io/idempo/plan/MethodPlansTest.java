package io.idempo.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MethodPlansTest {

    static class Outer {
        static class Inner {
            String pay(Map<String, Long> amounts, int[] ids, Inner self) {
                return "";
            }
        }
    }

    @Test
    void generatedClassNamesJoinNestedSimpleNames() {
        assertEquals("io.idempo.plan.MethodPlansTest_Outer_Inner_Idempotency",
                MethodPlans.generatedClassName(Outer.Inner.class));
    }

    @Test
    void signaturesUseErasedBinaryNames() throws NoSuchMethodException {
        assertEquals("pay(java.util.Map,int[],io.idempo.plan.MethodPlansTest$Outer$Inner)", MethodPlans.signatureOf(
                Outer.Inner.class.getDeclaredMethod("pay", Map.class, int[].class, Outer.Inner.class)));
    }

    @Test
    void aMissingGeneratedClassSaysHowToFixTheBuild() {
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> MethodPlans.forType(List.class));
        assertTrue(error.getMessage().contains("annotationProcessorPaths"), error.getMessage());
    }
}
