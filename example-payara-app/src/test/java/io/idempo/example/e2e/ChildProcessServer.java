package io.idempo.example.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The built WAR on an application server run as a child process, once per test class (a JUnit 5 extension): what
 * {@link PayaraMicroServer} and {@link WildFlyServer} share. The subclass lays the server out and launches it; this
 * class runs it.
 *
 * <p>The server runs on a free port with only the environment given here (the test JVM's own {@code DB_URL},
 * {@code REDIS_URL} and the like are removed), in a directory of its own, {@code target/e2e/<name>/} (deleted after
 * the stop), with its whole output in {@code target/e2e/<name>.log} (kept). It is ready when
 * {@code GET /api/reconciliation} answers 200 as alice (the app deployed, the database reachable and its tables
 * created); it must be within 90 s. A failure the server reports ({@link #reportedFailure()}) fails the start at
 * once, with the log's tail in the message.
 *
 * <p>With {@link #withRedis()} the server writes its Redis keys under a prefix of its own, which the tests can count
 * ({@link #redisKeyCount()}) and which is deleted after the stop.
 *
 * <p>Paths come from failsafe's system properties, such as {@code e2e.war} and {@code e2e.work-dir} (see the pom).
 *
 * @param <S> the server class itself, which the configuration methods return
 */
public abstract class ChildProcessServer<S extends ChildProcessServer<S>> implements BeforeAllCallback,
        AfterAllCallback {

    /** The demo users' passwords are their names. */
    public static final List<String> USERS = List.of("alice", "bob");

    static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);
    static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);
    /** How long a SIGKILLed process gets to be gone, so that its directory can be deleted. */
    static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);

    /** Answers 200 once the app is deployed, its database reachable and its tables created. */
    static final String READINESS_PATH = "/api/reconciliation";

    /** Variables that would change the app's configuration if inherited from the test JVM. */
    private static final List<String> APP_CONFIGURATION = List.of("DB_URL", "DB_USER", "DB_PASSWORD", "REDIS_URL",
            "REDIS_MODE", "IDEMPO_DEMO_FAULTS", "PORT");

    private final String product;
    private final String redisPrefixStem;
    private final TestDatabase database;
    private final Map<String, String> environment = new LinkedHashMap<>();

    private String name;
    private String redisUrl;
    private String redisPrefix;

    private Process process;
    private Thread shutdownHook;
    private int port;
    private Path log;
    private Path directory;

    /**
     * @param product the server's name in messages, such as {@code "WildFly"}
     * @param redisPrefixStem what this server's Redis prefix starts with, before a random part ({@link #withRedis()})
     * @param database the database the server runs on, which gets a fresh schema at the start, dropped after the stop
     */
    protected ChildProcessServer(String product, String redisPrefixStem, TestDatabase database) {
        this.product = product;
        this.redisPrefixStem = redisPrefixStem;
        this.database = database;
        environment.putAll(database.environment());
    }

    /**
     * Sets {@code REDIS_URL} to the local Redis ({@code e2e.redis.url}, default {@code redis://127.0.0.1:6379}), and
     * {@code IDEMPO_REDIS_PREFIX} to a prefix of this server's own under the adapter's default {@code idempo:}
     * ({@code idempo:e2e-<random>:} on Payara Micro, {@code idempo:e2e-wildfly-<random>:} on WildFly): the Redis is
     * shared, so the tests count and, after the stop, delete only the keys this server wrote
     * ({@link #redisKeyCount()}).
     */
    public S withRedis() {
        return withRedis(System.getProperty("e2e.redis.url", "redis://127.0.0.1:6379"));
    }

    /** As {@link #withRedis()}, on the Redis at {@code url}, such as one the test owns. */
    public S withRedis(String url) {
        return withRedis(url, redisPrefixStem + UUID.randomUUID().toString().substring(0, 8) + ":");
    }

    /**
     * The same Redis and key prefix as {@code other}, as a second instance of one application behind a load
     * balancer has. Configure {@code other}'s Redis first.
     */
    public S withRedisOf(ChildProcessServer<?> other) {
        if (other.redisPrefix == null) {
            throw new IllegalStateException("The other server has no Redis: call withRedis() on it first");
        }
        return withRedis(other.redisUrl, other.redisPrefix);
    }

    private S withRedis(String url, String prefix) {
        redisUrl = url;
        redisPrefix = prefix;
        withEnv("IDEMPO_REDIS_PREFIX", redisPrefix);
        return withEnv("REDIS_URL", redisUrl);
    }

    /**
     * Sets {@code REDIS_URL} to {@code url} as given, such as a closed port for a Redis that is down or
     * misconfigured; nothing is looked at or cleaned there.
     */
    public S withRedisAt(String url) {
        return withEnv("REDIS_URL", url);
    }

    /** Sets {@code IDEMPO_DEMO_FAULTS=true}: the X-Demo-Fail and X-Demo-Delay-Ms headers are honoured. */
    public S withDemoFaults() {
        return withEnv("IDEMPO_DEMO_FAULTS", "true");
    }

    /** Any other variable of the server's environment. */
    public S withEnv(String name, String value) {
        environment.put(name, value);
        return self();
    }

    /**
     * Names the server's directory and log, instead of the test class; needed when one class runs two servers, which
     * must not share a directory.
     */
    public S named(String name) {
        this.name = name;
        return self();
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start(name != null ? name : context.getRequiredTestClass().getSimpleName());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        stop();
    }

    /** Starts the server and waits until it is ready; {@code name} names its log and directory. */
    public void start(String name) throws Exception {
        Path workDir = Paths.get(System.getProperty("e2e.work-dir", "target/e2e")).toAbsolutePath();
        directory = workDir.resolve(name);
        log = workDir.resolve(name + ".log");
        layOut();
        port = choosePort();
        database.create();

        ProcessBuilder builder = new ProcessBuilder(command())
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> inherited = builder.environment();
        inherited.keySet().removeIf(this::isInheritedConfiguration);
        inherited.putAll(launcherEnvironment());
        inherited.putAll(environment);
        Files.writeString(log, "");
        long started = System.nanoTime();
        process = builder.start();
        shutdownHook = new Thread(this::destroy, "stop " + product + " " + name);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        awaitStartup(name, started);
    }

    /**
     * Kills the server at once, as a power cut or the OOM killer would: SIGKILL to it and its descendants by PID, no
     * shutdown. The database schema and the Redis keys stay, for a {@link #restart}.
     */
    public void crash() throws Exception {
        List<ProcessHandle> handles = Stream.concat(process.descendants(), Stream.of(process.toHandle())).toList();
        kill(handles);
        if (!exited(handles, KILL_TIMEOUT)) {
            throw new IllegalStateException(product + " survived SIGKILL for " + KILL_TIMEOUT.toSeconds() + " s");
        }
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
        shutdownHook = null;
        deleteTree(directory);
    }

    /**
     * Starts the server again, on a new port with the same configuration, database schema and Redis keys, after a
     * {@link #crash()} (or stops it first). {@code name} names the new log and directory.
     */
    public void restart(String name) throws Exception {
        if (process.isAlive()) {
            destroy();
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
            deleteTree(directory);
        }
        start(name);
    }

    /**
     * Stops the server (SIGTERM, then SIGKILL by PID after 30 s), deletes its directory and this server's Redis keys,
     * and drops the test schema; the log stays.
     */
    public void stop() throws Exception {
        try {
            destroy();
            if (shutdownHook != null) {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
                shutdownHook = null;
            }
            if (process == null || !process.isAlive()) {
                deleteTree(directory);
            }
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

    /** The HTTP port. */
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

    /**
     * Waits until the log holds {@code count} lines that contain {@code text}, such as a demo fault saying that a
     * call is now in its business method; fails after {@code timeout}.
     */
    public void awaitLogLines(String text, int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (logLines(text).size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the log never showed " + count + " lines with '" + text + "' within "
                        + timeout.toSeconds() + " s: " + log);
            }
            Thread.sleep(20);
        }
    }

    public Path logFile() {
        return log;
    }

    /** Fills {@link #directory()}, which the server is launched in, and checks what it needs from the build. */
    protected abstract void layOut() throws IOException;

    /** A free HTTP port for this start, chosen after {@link #layOut()}. */
    protected abstract int choosePort() throws IOException;

    /** What launches the server in {@link #directory()}, serving HTTP on {@link #port()}. */
    protected abstract List<String> command();

    /** A failure the server has reported while starting (the WAR failed to deploy, say), in a few words. */
    protected abstract Optional<String> reportedFailure() throws IOException;

    /** Whether a variable of the test JVM would change the server's configuration if inherited: it is removed. */
    protected boolean isInheritedConfiguration(String variable) {
        return APP_CONFIGURATION.contains(variable);
    }

    /** The launcher's own variables, set before (and so overridden by) the ones given with {@link #withEnv}. */
    protected Map<String, String> launcherEnvironment() {
        return Map.of();
    }

    /** Waits until the server is ready and says so; the subclass may expect another outcome. */
    protected void awaitStartup(String name, long started) throws Exception {
        awaitReady(name);
        System.out.printf("[e2e] %s: %s ready on port %d in %d s (%s, log %s)%n", name, product, port,
                secondsSince(started), describe(), log);
    }

    /** The configuration in the line that says the server is ready. */
    protected String describe() {
        return database + (environment.containsKey("REDIS_URL") ? ", Redis " + environment.get("REDIS_URL") : "")
                + (redisPrefix != null ? " under " + redisPrefix : "")
                + (environment.containsKey("IDEMPO_DEMO_FAULTS") ? ", demo faults" : "");
    }

    /** Where the server is laid out: {@code target/e2e/<name>/}. */
    protected final Path directory() {
        return directory;
    }

    protected final boolean processAlive() {
        return process.isAlive();
    }

    /** A failed start of {@code name}, with the log's tail. */
    protected final IllegalStateException startFailure(String name, String problem) {
        List<String> lines = log().lines().toList();
        String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
        return new IllegalStateException(name + ": " + problem + "; log " + log + ":\n" + tail);
    }

    /**
     * SIGTERM to the launched process, then SIGKILL by PID to whatever of it and its descendants is left after 30 s.
     * The descendants are taken first: one whose parent has exited (WildFly's start script, which relays the signal
     * to the server JVM) is no longer among them.
     */
    protected final void destroy() {
        Process launched = process;
        if (launched == null) {
            return;
        }
        List<ProcessHandle> handles = Stream.concat(launched.descendants(), Stream.of(launched.toHandle())).toList();
        if (handles.stream().noneMatch(ProcessHandle::isAlive)) {
            return;
        }
        launched.destroy();
        try {
            if (!exited(handles, SHUTDOWN_TIMEOUT)) {
                kill(handles);
                exited(handles, KILL_TIMEOUT);
            }
        } catch (InterruptedException e) {
            kill(handles);
            Thread.currentThread().interrupt();
        }
    }

    protected static long secondsSince(long started) {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    }

    /** The path that failsafe's system property {@code property} names, which must be a file. */
    protected final Path requiredFile(String property) {
        Path path = requiredPath(property);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(property + " = " + path + " does not exist: run mvn verify (or package)");
        }
        return path;
    }

    /** The path that failsafe's system property {@code property} names. */
    protected final Path requiredPath(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("System property " + property + " is not set: run the end-to-end suite"
                    + " through Maven (mvn verify), which builds the WAR and provides " + product);
        }
        return Paths.get(value);
    }

    protected static void deleteTree(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private void awaitReady(String name) throws Exception {
        ApiClient probe = client("alice");
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw startFailure(name, product + " exited with " + process.exitValue() + " before it was ready");
            }
            Optional<String> failure = reportedFailure();
            if (failure.isPresent()) {
                destroy();
                throw startFailure(name, failure.get());
            }
            try {
                ApiResponse answer = probe.get(READINESS_PATH);
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
        throw startFailure(name, product + " was not ready within " + STARTUP_TIMEOUT.toSeconds()
                + " s (last answer: " + last + ")");
    }

    private static boolean exited(List<ProcessHandle> handles, Duration timeout) throws InterruptedException {
        CompletableFuture<?>[] exits = handles.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(exits).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        }
    }

    private static void kill(List<ProcessHandle> handles) {
        handles.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    @SuppressWarnings("unchecked")
    private S self() {
        return (S) this;
    }
}
