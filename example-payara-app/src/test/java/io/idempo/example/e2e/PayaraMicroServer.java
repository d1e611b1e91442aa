package io.idempo.example.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Boots the built WAR on Payara Micro as a child process, once per test class, and stops it afterwards (see
 * {@link ChildProcessServer} for the lifecycle). Each boot costs about 15 s and 400 MB, so group the tests of one
 * server configuration in one class:
 *
 * <pre>{@code
 * class PostgresqlIT {
 *     @RegisterExtension
 *     static final PayaraMicroServer server = PayaraMicroServer.on(TestDatabase.postgresql()).withRedis();
 *
 *     @Test
 *     void placesAnOrder() {
 *         ApiResponse created = server.client("alice").post("/api/orders", ORDER, ApiClient.newKey());
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>The Payara runtime is unpacked under {@code target/e2e/<name>/}. A deployment failure (Payara Micro then keeps
 * running without the app) fails at once, unless the failure is what the test expects
 * ({@link #expectingDeploymentFailure()}).
 *
 * <p>Paths come from failsafe's system properties {@code e2e.payara-micro.jar}, {@code e2e.war} and
 * {@code e2e.work-dir} (see the pom).
 */
public final class PayaraMicroServer extends ChildProcessServer<PayaraMicroServer> {

    private static final List<String> JVM_OPTIONS = List.of("-Xmx512m", "-XX:+UseSerialGC");

    private boolean expectFailure;
    private String deploymentFailure;

    private Path jar;
    private Path war;

    private PayaraMicroServer(TestDatabase database) {
        super("Payara Micro", "idempo:e2e-", database);
    }

    /** The embedded defaults: H2 in memory and the in-JVM claim store, no variable set. */
    public static PayaraMicroServer embedded() {
        return new PayaraMicroServer(TestDatabase.embedded());
    }

    /** On {@code database}, which gets a fresh schema for this server and is dropped afterwards. */
    public static PayaraMicroServer on(TestDatabase database) {
        return new PayaraMicroServer(database);
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

    /** The log at the failed deployment, when {@link #expectingDeploymentFailure()}. */
    public String deploymentFailure() {
        if (deploymentFailure == null) {
            throw new IllegalStateException("No deployment failure was expected or seen");
        }
        return deploymentFailure;
    }

    @Override
    protected void layOut() throws IOException {
        jar = requiredFile("e2e.payara-micro.jar");
        war = requiredFile("e2e.war");
        Files.createDirectories(directory());
    }

    @Override
    protected int choosePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    @Override
    protected List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-jar", jar.toString(), "--deploy", war.toString(), "--contextroot", "/",
                "--port", Integer.toString(port()), "--nocluster", "--rootdir", directory().toString()));
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
        ApiClient probe = client("alice");
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
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
            try {
                if (probe.get(READINESS_PATH).status() == 200) {
                    destroy();
                    throw startFailure(name, "the app deployed although a deployment failure was expected");
                }
            } catch (UncheckedIOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        destroy();
        throw startFailure(name, "neither a deployment failure nor readiness within " + STARTUP_TIMEOUT.toSeconds()
                + " s");
    }

    private boolean failedDeploymentLogged() {
        String output = log();
        return output.contains("Exception while loading the app")
                || output.contains("Exception while deploying the app");
    }
}
