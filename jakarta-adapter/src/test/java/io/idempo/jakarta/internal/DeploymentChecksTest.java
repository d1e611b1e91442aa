package io.idempo.jakarta.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The deployment-time safety net, on classes compiled WITHOUT the processor (this module's tests do not run it):
 * every mistake is reported with the processor's code, and a correct method still fails for its missing plan.
 */
class DeploymentChecksTest {

    abstract static class Mistakes {
        @Idempotent
        public void returnsVoid(@IdempotencyKey String key) {
        }

        @Idempotent(noResult = true)
        public String noResultWithValue(@IdempotencyKey String key) {
            return key;
        }

        @Idempotent(key = "{order}")
        public String twoKeySources(String order, @IdempotencyKey String key) {
            return key;
        }

        @Idempotent(ttl = "30 minutes", lease = "PT0S")
        public String badDurations(@IdempotencyKey String key) {
            return key;
        }

        @Idempotent(action = "orders:create")
        public String badAction(@IdempotencyKey String key) {
            return key;
        }

        @Idempotent
        public abstract String isAbstract(@IdempotencyKey String key);

        @Idempotent(action = "fine")
        public String correctButNotProcessed(@IdempotencyKey String key) {
            return key;
        }
    }

    private static List<String> problems(String name) {
        for (Method method : Mistakes.class.getDeclaredMethods()) {
            if (method.getName().equals(name)) {
                return DeploymentChecks.check(method);
            }
        }
        throw new AssertionError(name);
    }

    private static void assertReports(String method, String code) {
        List<String> problems = problems(method);
        assertTrue(problems.stream().anyMatch(problem -> problem.contains(code) && problem.contains(method)),
                () -> method + ": " + problems);
    }

    @Test
    void eachMistakeIsReportedWithTheProcessorsCode() {
        assertReports("returnsVoid", "[IDEM-P001]");
        assertReports("noResultWithValue", "[IDEM-P003]");
        assertReports("twoKeySources", "[IDEM-P004]");
        assertReports("badAction", "[IDEM-P013]");
        assertReports("isAbstract", "[IDEM-P002]");
        assertEquals(2, problems("badDurations").stream().filter(problem -> problem.contains("[IDEM-P012]")).count());
    }

    @Test
    void aCorrectMethodCompiledWithoutTheProcessorFailsForItsMissingPlan() {
        List<String> problems = problems("correctButNotProcessed");
        assertEquals(1, problems.size(), problems::toString);
        assertTrue(problems.get(0).contains("annotationProcessorPaths"), problems.get(0));
    }
}
