package io.idempo.plan;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An application server reuses its threads across deployments: a fingerprint computed on one of them must leave
 * nothing there that keeps the application's class loader (and every class it loaded) alive after an undeploy.
 */
class ClassLoaderReleaseTest {

    @Test
    void aFingerprintLeavesNothingOnItsThreadThatPinsTheClassLoader() throws Exception {
        WeakReference<ClassLoader> undeployed = fingerprintInAnApplicationLoader();
        for (int attempt = 0; attempt < 100 && undeployed.get() != null; attempt++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(undeployed.get(), "The class loader of an undeployed application is still reachable");
    }

    /** Loads the plan classes as a deployment would, computes one fingerprint on this thread, and undeploys. */
    private static WeakReference<ClassLoader> fingerprintInAnApplicationLoader() throws Exception {
        URL classes = MethodPlan.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader application = new URLClassLoader(new URL[] {classes},
                ClassLoader.getPlatformClassLoader())) {
            Class<?> planType = application.loadClass(MethodPlan.class.getName());
            Class<?> functionType = application.loadClass(MethodPlan.FingerprintFunction.class.getName());
            Object writesNothing = Proxy.newProxyInstance(application, new Class<?>[] {functionType},
                    (proxy, method, arguments) -> null);
            Object builder = planType.getMethod("builder", String.class).invoke(null, "pay()");
            builder.getClass().getMethod("action", String.class).invoke(builder, "orders.pay");
            builder.getClass().getMethod("fingerprint", String.class, List.class, functionType)
                    .invoke(builder, "v1", List.of(), writesNothing);
            Object plan = builder.getClass().getMethod("build").invoke(builder);
            planType.getMethod("fingerprint", Object[].class).invoke(plan, (Object) new Object[0]);
            return new WeakReference<>(application);
        }
    }
}
