package io.idempo.jakarta.internal.cdi;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.jakarta.internal.CdiDeployment;
import io.idempo.jakarta.internal.IdempotencyBootstrap;
import io.idempo.outbox.Outbox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * Without weaving, an {@code @Idempotent} method CDI cannot intercept would silently run unprotected: each such bean
 * fails the deployment, naming the method and what to change (IDEM-D001). A few lines per failure, in the style of
 * SmallRye Fault Tolerance.
 */
class DeploymentFailuresTest {

    @Dependent
    public static class PrivateMethod {
        @Idempotent(action = "cdi.private")
        private String hidden(@IdempotencyKey String key) {
            return key;
        }
    }

    @Dependent
    public static class StaticMethod {
        @Idempotent(action = "cdi.static")
        public static String shared(@IdempotencyKey String key) {
            return key;
        }
    }

    @Dependent
    public static class FinalMethod {
        @Idempotent(action = "cdi.final")
        public final String sealed(@IdempotencyKey String key) {
            return key;
        }
    }

    @ApplicationScoped
    public static final class FinalClass {
        @Idempotent(action = "cdi.final-class")
        public String place(@IdempotencyKey String key) {
            return key;
        }
    }

    @Dependent
    public static class EventfulService {
        @Inject
        Outbox outbox;
    }

    @Test
    void aPrivateMethodFails() {
        CdiDeployment.assertFails("[IDEM-D001] " + PrivateMethod.class.getName() + ".hidden is private",
                PrivateMethod.class);
    }

    @Test
    void aStaticMethodFails() {
        CdiDeployment.assertFails("[IDEM-D001] " + StaticMethod.class.getName() + ".shared is static",
                StaticMethod.class);
    }

    @Test
    void aFinalMethodFails() {
        CdiDeployment.assertFails("[IDEM-D001] " + FinalMethod.class.getName() + ".sealed is final",
                FinalMethod.class);
    }

    @Test
    void aMethodOfAFinalClassFails() {
        CdiDeployment.assertFails("[IDEM-D001] " + FinalClass.class.getName() + ".place is in a final class",
                FinalClass.class);
    }

    @Test
    void injectingTheOutboxWhileItIsOffFails() {
        CdiDeployment.assertFails("[IDEM-D002] " + EventfulService.class.getName() + ".outbox injects the Outbox,"
                + " but it is off: set idempo.outbox.enabled=true", EventfulService.class, IdempotencyBootstrap.class);
    }
}
