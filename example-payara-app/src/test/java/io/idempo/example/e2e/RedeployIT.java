package io.idempo.example.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.HeapCensus;
import io.idempo.testing.server.WildFlyServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Global state does not outlive its deployment: the example (PostgreSQL, Redis) deployed, exercised, undeployed and
 * deployed again five times on WildFly, and the old deployments' class loaders are collected. Each JBoss Modules
 * class loader of the server is counted after a full collection; a leak per deployment would add five. At most one
 * old deployment may still be held when counting, by state that only the last one can hold: heap dumps showed a
 * JDK-wide single-slot cache (the method handle behind record {@code equals}) and references the collector was still
 * processing, each holding one deployment until the next replaced or released it. What would pin every one: a thread-local value on a pooled thread (the fingerprint writer once was), an engine left installed,
 * a thread the application started and never stopped (claim renewals, Redis, the purge), a static registry.
 *
 * <p>Before each count every worker thread serves a request of the current deployment: an idle WildFly worker keeps
 * its last task in a stack frame until it runs the next one, and that task names the deployment it was for.
 */
class RedeployIT {

    private static final String MODULE_CLASS_LOADER = "org.jboss.modules.ModuleClassLoader";
    private static final int REDEPLOYS = 5;
    /** What the JDK's single-slot caches and references being processed may hold at a count: one deployment. */
    private static final int LINGERING = 1;
    private static final int WORKERS = 32;
    private static final String ORDER = "{\"productId\":930001,\"quantity\":1,\"amount\":100}";

    @RegisterExtension
    static final WildFlyServer server = ExampleApp.onWildFly(TestDatabase.postgresql()).withSharedRedis();

    @Test
    void redeployingFiveTimesLeavesNoOldClassLoaderBehind() throws Exception {
        // One redeploy first: the server's own modules that a deployment or an undeployment loads lazily are in.
        exercise();
        server.redeploy();
        exercise();
        occupyEveryWorker();
        long baseline = loaders();
        for (int i = 0; i < REDEPLOYS; i++) {
            server.redeploy();
            exercise();
        }
        occupyEveryWorker();
        long after = loaders();
        for (int attempt = 0; attempt < 10 && after > baseline + LINGERING; attempt++) {
            Thread.sleep(Duration.ofSeconds(1).toMillis()); // a finalizer or a soft reference may hold one briefly
            after = loaders();
        }
        System.out.printf("[e2e] module class loaders: %d after the first redeploy, %d after %d more%n", baseline,
                after, REDEPLOYS);
        assertTrue(after <= baseline + LINGERING, "class loaders of undeployed applications are still alive: "
                + baseline + " after the first redeploy, " + after + " after " + REDEPLOYS + " more");
    }

    /** An idempotent first call and its replay: the engine, its claim renewals, Redis and the fingerprints ran. */
    private static void exercise() {
        ApiClient alice = server.client("alice");
        String key = ApiClient.newKey();
        ApiResponse first = alice.post("/api/orders", ORDER, key);
        assertEquals(201, first.status(), first.toString());
        ApiResponse replay = alice.post("/api/orders", ORDER, key);
        assertEquals("true", replay.header("Idempotent-Replayed").orElse(""), replay.toString());
    }

    /** As many requests at once as WildFly has worker threads at most (16 per core on this 2-core machine). */
    private static void occupyEveryWorker() throws InterruptedException {
        List<Thread> requests = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            Thread request = new Thread(() -> server.client("alice").get("/api/reconciliation"));
            request.start();
            requests.add(request);
        }
        for (Thread request : requests) {
            request.join();
        }
    }

    private static long loaders() {
        return HeapCensus.liveInstances(server.serverPid(), MODULE_CLASS_LOADER);
    }
}
