package io.idempo.testing.server;

import io.idempo.testing.net.LoopbackPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Boots a WAR on Payara Micro as a child process, and stops it afterwards (see {@link ChildProcessServer} for the
 * lifecycle). Each boot costs about 15 s and 400 MB, so group the tests of one server configuration in one class:
 *
 * <pre>{@code
 * class OrdersIT {
 *     @RegisterExtension
 *     static final PayaraMicroServer server = PayaraMicroServer.of(SHOP, () -> Path.of("target/payara-micro.jar"))
 *             .on(TestDatabase.postgresql().freshSchema()).withSharedRedis();
 *
 *     @Test
 *     void placesAnOrder() {
 *         ApiResponse created = server.client("alice").post("/api/orders", ORDER, ApiClient.newKey());
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>The Payara runtime is unpacked under the server's directory ({@code --rootdir}). A deployment failure (Payara
 * Micro then keeps running without the app) fails at once, unless the failure is what the test expects
 * ({@link #expectingDeploymentFailure()}).
 */
public final class PayaraMicroServer extends ChildProcessServer<PayaraMicroServer> {

    private static final List<String> JVM_OPTIONS = List.of("-Xmx512m", "-XX:+UseSerialGC");

    private boolean expectFailure;
    private String deploymentFailure;
    private int httpThreads;

    private final Supplier<Path> payaraMicroJar;
    private Path jar;
    private Path war;

    private PayaraMicroServer(AppProfile app, Supplier<Path> payaraMicroJar) {
        super("Payara Micro", "idempo:e2e-", app);
        this.payaraMicroJar = payaraMicroJar;
    }

    /** {@code app} on the Payara Micro jar at {@code payaraMicroJar} (asked at each start). */
    public static PayaraMicroServer of(AppProfile app, Supplier<Path> payaraMicroJar) {
        return new PayaraMicroServer(app, payaraMicroJar);
    }

    /**
     * The deployment is expected to fail (a bad configuration value): {@link #start} then waits for the failure
     * instead of readiness, keeps the log ({@link #deploymentFailure()}), stops the server, and fails if the app
     * becomes ready instead.
     */
    public PayaraMicroServer expectingDeploymentFailure() {
        expectFailure = true;
        return this;
    }

    /**
     * Serves HTTP with exactly {@code threads} worker threads (Payara's default pool grows to 5 and more): with one,
     * every request runs on the same thread, which is what a test of thread-bound state needs.
     */
    public PayaraMicroServer withHttpThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("An HTTP pool needs a thread, not " + threads);
        }
        httpThreads = threads;
        return this;
    }

    /** The log at the failed deployment, when {@link #expectingDeploymentFailure()}. */
    public String deploymentFailure() {
        if (deploymentFailure == null) {
            throw new IllegalStateException("No deployment failure was expected or seen");
        }
        return deploymentFailure;
    }

    @Override
    protected void layOut() throws IOException {
        jar = requiredFile(payaraMicroJar);
        war = requiredFile(app()::war);
        Files.createDirectories(directory());
        if (httpThreads > 0) {
            String pool = "configs.config.server-config.thread-pools.thread-pool.http-thread-pool.";
            Files.writeString(bootCommands(), "set " + pool + "max-thread-pool-size=" + httpThreads + "\n"
                    + "set " + pool + "min-thread-pool-size=" + httpThreads + "\n");
        }
    }

    /** asadmin commands Payara Micro runs before it boots. */
    private Path bootCommands() {
        return directory().resolve("preboot-commands.txt");
    }

    @Override
    protected int choosePort() {
        return LoopbackPorts.free();
    }

    @Override
    protected List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-jar", jar.toString(), "--deploy", war.toString(), "--contextroot", "/",
                "--port", Integer.toString(port()), "--nocluster", "--rootdir", directory().toString()));
        if (httpThreads > 0) {
            command.addAll(List.of("--prebootcommandfile", bootCommands().toString()));
        }
        return command;
    }

    @Override
    protected Optional<String> reportedFailure() {
        return failedDeploymentLogged() ? Optional.of("the WAR failed to deploy") : Optional.empty();
    }

    @Override
    protected void awaitStartup(String name, long started) throws Exception {
        if (!expectFailure) {
            super.awaitStartup(name, started);
            return;
        }
        awaitDeploymentFailure(name);
        System.out.printf("[e2e] %s: the deployment failed as expected in %d s (log %s)%n", name,
                secondsSince(started), logFile());
    }

    /**
     * Waits for the failure a bad deployment logs, lets the log settle (the cause follows the first line), keeps it
     * and stops the server. Fails if the app becomes ready instead, or if nothing happens within the start timeout.
     */
    private void awaitDeploymentFailure(String name) throws Exception {
        long deadline = System.nanoTime() + startupTimeout().toNanos();
        while (System.nanoTime() < deadline) {
            if (failedDeploymentLogged() || !processAlive()) {
                // The cause is logged around that line; Payara Micro then says it is "ready" (without the app).
                long settle = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (System.nanoTime() < settle && processAlive() && !log().contains(" ready in ")) {
                    Thread.sleep(100);
                }
                deploymentFailure = log();
                destroy();
                return;
            }
            if (answersReady()) {
                destroy();
                throw startFailure(name, "the app deployed although a deployment failure was expected");
            }
            Thread.sleep(500);
        }
        destroy();
        throw startFailure(name, "neither a deployment failure nor readiness within "
                + startupTimeout().toSeconds() + " s");
    }

    private boolean failedDeploymentLogged() {
        String output = log();
        return output.contains("Exception while loading the app")
                || output.contains("Exception while deploying the app");
    }
}
