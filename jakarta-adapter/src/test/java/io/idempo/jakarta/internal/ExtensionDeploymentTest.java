package io.idempo.jakarta.internal;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import jakarta.enterprise.context.Dependent;
import org.junit.jupiter.api.Test;

/**
 * The extension fails the deployment with a message that says what to fix, for beans compiled WITHOUT the processor
 * (as this test's are) and for a bad configuration value. A few lines per failure.
 */
class ExtensionDeploymentTest {

    @Dependent
    public static class VoidWithoutNoResult {
        @Idempotent(action = "deploy.void")
        public void cancel(@IdempotencyKey String key) {
        }
    }

    @Dependent
    public static class CorrectButNotProcessed {
        @Idempotent(action = "deploy.fine")
        public String place(@IdempotencyKey String key) {
            return key;
        }
    }

    @Test
    void aVoidMethodWithoutNoResultFailsWithTheProcessorsCode() {
        CdiDeployment.assertFails("[IDEM-P001] " + VoidWithoutNoResult.class.getName() + ".cancel returns void",
                VoidWithoutNoResult.class);
    }

    @Test
    void aMethodWithoutItsGeneratedPlanFailsNamingTheFix() {
        CdiDeployment.assertFails("put idempo-processor on the compiler's annotationProcessorPaths",
                CorrectButNotProcessed.class);
    }

    @Test
    void aBadConfigurationValueFailsNamingItsKey() {
        System.setProperty(AdapterConfig.TTL, "banana");
        try {
            CdiDeployment.assertFails("idempo.ttl");
        } finally {
            System.clearProperty(AdapterConfig.TTL);
        }
    }
}
