package io.idempo.example.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Boots the built WAR on Payara Micro as a child process, once per test class, and stops it afterwards. Each boot
 * costs about 15 s and 400 MB, so group the tests of one server configuration in one class:
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
 * <p>The server runs on a free port with only the environment given here (the test JVM's own {@code DB_URL},
 * {@code REDIS_URL} and the like are removed), its Payara runtime unpacked under {@code target/e2e/<name>/} (deleted
 * after the stop), and its whole output in {@code target/e2e/<name>.log} (kept). It is ready when {@code GET /api/reconciliation} answers 200 as
 * alice (the app deployed, the database reachable and its tables created); it must be within 90 s. A deployment
 * failure (Payara Micro then keeps running without the app) fails at once, with the log's tail in the message,
 * unless the failure is what the test expects ({@link #expectingDeploymentFailure()}).
 *
 * <p>With {@link #withRedis()} the server writes its Redis keys under a prefix of its own, which the tests can count
 * ({@link #redisKeyCount()}) and which is deleted after the stop.
 *
 * <p>Paths come from failsafe's system properties {@code e2e.payara-micro.jar}, {@code e2e.war} and
 * {@code e2e.work-dir} (see the pom).
 */
public final class PayaraMicroServer implements BeforeAllCallback, AfterAllCallback {

    /** The demo users' passwords are their names. */
    public static final List<String> USERS = List.of("alice", "bob");

    static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);
    static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    /** Variables that would change the app's configuration if inherited from the test JVM. */
    private static final List<String> INHERITED_CONFIGURATION = List.of("DB_URL", "DB_USER", "DB_PASSWORD",
            "REDIS_URL", "IDEMPO_DEMO_FAULTS", "PORT");

    private final TestDatabase database;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>(List.of("-Xmx512m", "-XX:+UseSerialGC"));

    private String redisUrl;
    private String redisPrefix;
    private boolean expectFailure;
    private String deploymentFailure;

    private Process process;
    private Thread shutdownHook;
    private int port;
    private Path log;
    private Path root;

    private PayaraMicroServer(TestDatabase database) {
        this.database = database;
        environment.putAll(database.environment());
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
     * Sets {@code REDIS_URL} to the local Redis ({@code e2e.redis.url}, default {@code redis://127.0.0.1:6379}), and
     * {@code IDEMPO_REDIS_PREFIX} to a prefix of this server's own under the adapter's default {@code idempo:}
     * ({@code idempo:e2e-<random>:}): the Redis is shared, so the tests count and, after the stop, delete only the
     * keys this server wrote ({@link #redisKeyCount()}).
     */
    public PayaraMicroServer withRedis() {
        redisUrl = System.getProperty("e2e.redis.url", "redis://127.0.0.1:6379");
        redisPrefix = "idempo:e2e-" + UUID.randomUUID().toString().substring(0, 8) + ":";
        withEnv("IDEMPO_REDIS_PREFIX", redisPrefix);
        return withEnv("REDIS_URL", redisUrl);
    }

    /**
     * Sets {@code REDIS_URL} to {@code url} as given, such as a closed port for a Redis that is down or
     * misconfigured; nothing is looked at or cleaned there.
     */
    public PayaraMicroServer withRedisAt(String url) {
        return withEnv("REDIS_URL", url);
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

    /** Sets {@code IDEMPO_DEMO_FAULTS=true}: the X-Demo-Fail and X-Demo-Delay-Ms headers are honoured. */
    public PayaraMicroServer withDemoFaults() {
        return withEnv("IDEMPO_DEMO_FAULTS", "true");
    }

    /** Any other variable of the server's environment. */
    public PayaraMicroServer withEnv(String name, String value) {
        environment.put(name, value);
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start(context.getRequiredTestClass().getSimpleName());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        stop();
    }

    /** Starts the server and waits until it is ready; {@code name} names its log and work directory. */
    public void start(String name) throws Exception {
        Path jar = requiredFile("e2e.payara-micro.jar");
        Path war = requiredFile("e2e.war");
        Path workDir = Paths.get(System.getProperty("e2e.work-dir", "target/e2e")).toAbsolutePath();
        root = workDir.resolve(name);
        Files.createDirectories(root);
        log = workDir.resolve(name + ".log");
        port = freePort();
        database.create();

        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar.toString(), "--deploy", war.toString(), "--contextroot", "/",
                "--port", Integer.toString(port), "--nocluster", "--rootdir", root.toString()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(root.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        INHERITED_CONFIGURATION.forEach(builder.environment()::remove);
        builder.environment().putAll(environment);
        Files.writeString(log, "");
        long started = System.nanoTime();
        process = builder.start();
        shutdownHook = new Thread(this::destroy, "stop Payara Micro " + name);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        if (expectFailure) {
            awaitDeploymentFailure(name);
            System.out.printf("[e2e] %s: the deployment failed as expected in %d s (log %s)%n", name,
                    TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started), log);
            return;
        }
        awaitReady(name);
        System.out.printf("[e2e] %s: Payara Micro ready on port %d in %d s (%s, log %s)%n", name, port,
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started), describe(), log);
    }

    /**
     * Stops the server (SIGTERM, then SIGKILL after 30 s), drops the test schema and deletes the unpacked Payara
     * runtime (about 150 MB); the log stays.
     */
    public void stop() throws Exception {
        try {
            destroy();
            if (shutdownHook != null) {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
                shutdownHook = null;
            }
            deleteRoot();
        } finally {
            try {
                if (redisPrefix != null) {
                    RedisKeys.at(redisUrl).deleteAll(redisPrefix);
                }
            } finally {
                database.drop();
            }
        }
    }

    /** The keys this server wrote under its own Redis prefix (see {@link #withRedis()}). */
    public long redisKeyCount() {
        if (redisPrefix == null) {
            throw new IllegalStateException("This server does not use the local Redis: see withRedis()");
        }
        return RedisKeys.at(redisUrl).count(redisPrefix);
    }

    /** Whether this server uses the local Redis with a prefix of its own ({@link #withRedis()}). */
    public boolean usesRedis() {
        return redisPrefix != null;
    }

    /** This server's Redis key prefix ({@link #withRedis()}). */
    public String redisPrefix() {
        return redisPrefix;
    }

    /** The log at the failed deployment, when {@link #expectingDeploymentFailure()}. */
    public String deploymentFailure() {
        if (deploymentFailure == null) {
            throw new IllegalStateException("No deployment failure was expected or seen");
        }
        return deploymentFailure;
    }

    /** A client authenticated as one of the demo users (password = name). */
    public ApiClient client(String user) {
        if (!USERS.contains(user)) {
            throw new IllegalArgumentException("The demo users are " + USERS);
        }
        return new ApiClient(baseUri(), user, user);
    }

    /** A client with explicit credentials, such as wrong ones. */
    public ApiClient client(String user, String password) {
        return new ApiClient(baseUri(), user, password);
    }

    /** A client without credentials. */
    public ApiClient anonymous() {
        return new ApiClient(baseUri(), null, null);
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    public int port() {
        return port;
    }

    public TestDatabase database() {
        return database;
    }

    /** Everything the server printed so far. */
    public String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The server log's lines that contain {@code text}. */
    public List<String> logLines(String text) {
        return log().lines().filter(line -> line.contains(text)).toList();
    }

    public Path logFile() {
        return log;
    }

    private void awaitReady(String name) throws Exception {
        ApiClient probe = new ApiClient(baseUri(), "alice", "alice");
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + ": Payara Micro exited with " + process.exitValue()
                        + " before it was ready; log " + log + ":\n" + tail(80));
            }
            String output = log();
            if (output.contains("Exception while loading the app")
                    || output.contains("Exception while deploying the app")) {
                destroy();
                throw new IllegalStateException(name + ": the WAR failed to deploy; log " + log + ":\n" + tail(80));
            }
            try {
                ApiResponse answer = probe.get("/api/reconciliation");
                if (answer.status() == 200) {
                    return;
                }
                last = answer.status() + " " + answer.body();
            } catch (UncheckedIOException e) {
                last = e.getCause().toString();
            }
            Thread.sleep(500);
        }
        destroy();
        throw new IllegalStateException(name + ": Payara Micro was not ready within " + STARTUP_TIMEOUT.toSeconds()
                + " s (last answer: " + last + "); log " + log + ":\n" + tail(80));
    }

    /**
     * Waits for the failure a bad deployment logs, lets the log settle (the cause follows the first line), keeps it
     * and stops the server. Fails if the app becomes ready instead, or if nothing happens within the start timeout.
     */
    private void awaitDeploymentFailure(String name) throws Exception {
        ApiClient probe = new ApiClient(baseUri(), "alice", "alice");
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            String output = log();
            if (output.contains("Exception while loading the app")
                    || output.contains("Exception while deploying the app") || !process.isAlive()) {
                // The cause is logged around that line; Payara Micro then says it is "ready" (without the app).
                long settle = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (System.nanoTime() < settle && process.isAlive() && !log().contains(" ready in ")) {
                    Thread.sleep(100);
                }
                deploymentFailure = log();
                destroy();
                return;
            }
            try {
                if (probe.get("/api/reconciliation").status() == 200) {
                    destroy();
                    throw new IllegalStateException(name + ": the app deployed although a deployment failure was"
                            + " expected; log " + log + ":\n" + tail(80));
                }
            } catch (UncheckedIOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        destroy();
        throw new IllegalStateException(name + ": neither a deployment failure nor readiness within "
                + STARTUP_TIMEOUT.toSeconds() + " s; log " + log + ":\n" + tail(80));
    }

    private void destroy() {
        Process running = process;
        if (running == null || !running.isAlive()) {
            return;
        }
        running.destroy();
        try {
            if (!running.waitFor(SHUTDOWN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                running.descendants().forEach(ProcessHandle::destroyForcibly);
                running.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            running.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void deleteRoot() throws IOException {
        if (root == null || !Files.isDirectory(root) || (process != null && process.isAlive())) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private String tail(int lines) {
        List<String> all = log().lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private String describe() {
        return database + (environment.containsKey("REDIS_URL") ? ", Redis " + environment.get("REDIS_URL") : "")
                + (environment.containsKey("IDEMPO_DEMO_FAULTS") ? ", demo faults" : "");
    }

    private static Path requiredFile(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("System property " + property + " is not set: run the end-to-end suite"
                    + " through Maven (mvn verify), which builds the WAR and fetches Payara Micro");
        }
        Path path = Paths.get(value);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(property + " = " + path + " does not exist: run mvn verify (or package)");
        }
        return path;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }
}
