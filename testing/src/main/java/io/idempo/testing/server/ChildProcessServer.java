package io.idempo.testing.server;

import io.idempo.testing.ChildProcesses;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.redis.RedisKeyspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A WAR on an application server run as a child process: what {@link PayaraMicroServer} and {@link WildFlyServer}
 * share. The subclass lays the server out and launches it; this class runs it. As a JUnit 5 extension
 * ({@code @RegisterExtension static}) it runs once per test class; {@link #start} and {@link #stop} run it by hand
 * (once per invocation of a parameterized class, say).
 *
 * <p>What it knows about the application comes from its {@link AppProfile}: the WAR, the users, the readiness probe
 * and the names of the configuration variables. The server runs on a free port with only the environment given here
 * (the test JVM's own configuration variables are removed), in a directory of its own,
 * {@code <work directory>/<name>/} (deleted after the stop), with its whole output in
 * {@code <work directory>/<name>.log} (kept). It must be ready within the startup timeout (90 s unless set, or
 * the system property {@code e2e.startup-timeout}, an ISO-8601 duration, for a machine that is slow today); a
 * failure the server reports ({@link #reportedFailure()}) fails the start at once, with the log's tail.
 *
 * <p>Redis, in one of two ways: a tracked one ({@link #withSharedRedis()}, {@link #withTrackedRedis},
 * {@link #withRedisSharedWith}), where the server writes its keys under a prefix of its own, which the tests count
 * ({@link #redisKeyCount()}) and which is deleted after the stop; or a raw URL ({@link #withUntrackedRedisUrl}),
 * such as a closed port or a cluster's seeds, where nothing is looked at.
 *
 * @param <S> the server class itself, which the configuration methods return
 */
public abstract class ChildProcessServer<S extends ChildProcessServer<S>> implements BeforeAllCallback,
        AfterAllCallback {

    static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.parse(System.getProperty("e2e.startup-timeout", "PT90S"));
    static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    private final String product;
    private final String redisPrefixStem;
    private final AppProfile app;
    private final Map<String, String> environment = new LinkedHashMap<>();
    /** The variables set with {@link #withEnv}, for the line that says the server is ready. */
    private final Map<String, String> explicitVariables = new LinkedHashMap<>();

    private TestSchema database;
    private Duration startupTimeout = DEFAULT_STARTUP_TIMEOUT;
    private String name;
    private String redisUrl;
    private RedisKeyspace redisKeys;

    private Process process;
    private Thread shutdownHook;
    private int port;
    private Path log;
    private Path directory;

    /**
     * @param product         the server's name in messages, such as {@code "WildFly"}
     * @param redisPrefixStem what this server's Redis prefix starts with, before a random part
     * @param app             the application it runs
     */
    protected ChildProcessServer(String product, String redisPrefixStem, AppProfile app) {
        this.product = product;
        this.redisPrefixStem = redisPrefixStem;
        this.app = app;
    }

    /**
     * Runs the application on {@code database}, which is created (unless it exists) at each start and dropped after
     * the stop. Without it the application runs on its own default (an embedded database, say).
     */
    public S on(TestSchema database) {
        this.database = database;
        environment.putAll(app.databaseEnvironment(database));
        return self();
    }

    /**
     * The shared Redis ({@code e2e.redis.url}, default {@code redis://127.0.0.1:6379}), under a key prefix of this
     * server's own, tracked: others use the same Redis, so the tests count and, after the stop, delete only the keys
     * this server wrote ({@link #redisKeyCount()}).
     */
    public S withSharedRedis() {
        return withTrackedRedis(System.getProperty("e2e.redis.url", "redis://127.0.0.1:6379"));
    }

    /** As {@link #withSharedRedis()}, on the Redis at {@code url}, such as one the test owns. */
    public S withTrackedRedis(String url) {
        return withRedisKeys(new RedisKeyspace(url, redisPrefixStem + UUID.randomUUID().toString().substring(0, 8)
                + ":"));
    }

    /**
     * The same tracked Redis and key prefix as {@code other}, as a second instance of one application behind a load
     * balancer has. Configure {@code other}'s Redis first.
     */
    public S withRedisSharedWith(ChildProcessServer<?> other) {
        if (other.redisKeys == null) {
            throw new IllegalStateException("The other server has no tracked Redis: call withSharedRedis() on it");
        }
        return withRedisKeys(other.redisKeys);
    }

    /**
     * Points the application at {@code url} as given, without a prefix, such as a closed port for a Redis that is
     * down or the seeds of a cluster; nothing is counted or cleaned there.
     */
    public S withUntrackedRedisUrl(String url) {
        redisUrl = url;
        environment.putAll(app.redisEnvironment(url, null));
        return self();
    }

    private S withRedisKeys(RedisKeyspace keys) {
        redisKeys = keys;
        redisUrl = keys.url();
        environment.putAll(app.redisEnvironment(keys.url(), keys.prefix()));
        return self();
    }

    /** Any other variable of the server's environment. */
    public S withEnv(String name, String value) {
        environment.put(name, value);
        explicitVariables.put(name, value);
        return self();
    }

    /** How long a start may take until the server is ready (90 s, or {@code e2e.startup-timeout}, unless set). */
    public S withStartupTimeout(Duration timeout) {
        startupTimeout = timeout;
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
        Path workDir = app.workDirectory().toAbsolutePath();
        Files.createDirectories(workDir);
        directory = workDir.resolve(name);
        log = workDir.resolve(name + ".log");
        layOut();
        port = choosePort();
        if (database != null) {
            database.create();
        }

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
        if (!exited(handles, ChildProcesses.KILL_TIMEOUT)) {
            throw new IllegalStateException(product + " survived SIGKILL for "
                    + ChildProcesses.KILL_TIMEOUT.toSeconds() + " s");
        }
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
        shutdownHook = null;
        ChildProcesses.deleteTree(directory);
    }

    /**
     * Waits for the server to exit by itself, as one the test made crash from inside does (a fault that halts its
     * JVM), and cleans up as {@link #crash()} does: the database schema and the Redis keys stay, for a
     * {@link #restart}. Fails if it is still running after {@code timeout}.
     */
    public void awaitExit(Duration timeout) throws Exception {
        List<ProcessHandle> handles = Stream.concat(process.descendants(), Stream.of(process.toHandle())).toList();
        if (!exited(handles, timeout)) {
            throw new AssertionError(product + " did not exit within " + timeout.toSeconds() + " s; log " + log);
        }
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
        shutdownHook = null;
        ChildProcesses.deleteTree(directory);
    }

    /**
     * Starts the server again, on a new port with the same configuration, database schema and Redis keys, after a
     * {@link #crash()} or {@link #awaitExit} (or stops it first). {@code name} names the new log and directory.
     */
    public void restart(String name) throws Exception {
        if (process.isAlive()) {
            destroy();
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
            ChildProcesses.deleteTree(directory);
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
                ChildProcesses.deleteTree(directory);
            }
        } finally {
            try {
                if (redisKeys != null) {
                    redisKeys.deleteAll();
                }
            } finally {
                if (database != null) {
                    database.drop();
                }
            }
        }
    }

    /** The keys this server wrote under its own Redis prefix (a tracked Redis). */
    public long redisKeyCount() {
        return trackedRedis().count();
    }

    /** Whether this server's Redis keys are tracked under a prefix of its own ({@link #withSharedRedis()}). */
    public boolean tracksRedisKeys() {
        return redisKeys != null;
    }

    /** This server's Redis key prefix (a tracked Redis). */
    public String redisPrefix() {
        return trackedRedis().prefix();
    }

    private RedisKeyspace trackedRedis() {
        if (redisKeys == null) {
            throw new IllegalStateException("This server's Redis keys are not tracked: see withSharedRedis()");
        }
        return redisKeys;
    }

    /** A client authenticated as one of the application's users ({@link AppProfile#users()}). */
    public ApiClient client(String user) {
        String password = app.users().get(user);
        if (password == null) {
            throw new IllegalArgumentException("The application's users are " + app.users().keySet());
        }
        return ApiClient.at(baseUri(), user, password);
    }

    /** A client with explicit credentials, such as wrong ones. */
    public ApiClient client(String user, String password) {
        return ApiClient.at(baseUri(), user, password);
    }

    /** A client without credentials. */
    public ApiClient anonymous() {
        return ApiClient.at(baseUri(), null, null);
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    /** The HTTP port. */
    public int port() {
        return port;
    }

    /** The process launched: the server's JVM, or the script that started it. */
    public long pid() {
        return process.pid();
    }

    /** Whether the server runs on a database of the test's own ({@link #on}), not on the application's default. */
    public boolean hasDatabase() {
        return database != null;
    }

    /** The database the server runs on ({@link #on}). */
    public TestSchema database() {
        if (database == null) {
            throw new IllegalStateException("The server runs on the application's own database: assert through the"
                    + " API");
        }
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
     * Waits until the log holds {@code count} lines that contain {@code text}, such as a fault saying that a call is
     * now in its business method; fails after {@code timeout}.
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
        return app.configurationVariables().contains(variable);
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
        return (database != null ? database.toString() : "the application's own database")
                + (redisUrl != null ? ", Redis " + redisUrl : "")
                + (redisKeys != null ? " under " + redisKeys.prefix() : "")
                + (explicitVariables.isEmpty() ? "" : ", " + explicitVariables);
    }

    /** The application this server runs. */
    protected final AppProfile app() {
        return app;
    }

    /** Where the server is laid out: {@code <work directory>/<name>/}. */
    protected final Path directory() {
        return directory;
    }

    protected final boolean processAlive() {
        return process.isAlive();
    }

    /** The launched process and its descendants (WildFly's start script and the server JVM under it). */
    protected final Stream<ProcessHandle> processes() {
        return Stream.concat(Stream.of(process.toHandle()), process.descendants());
    }

    protected final Duration startupTimeout() {
        return startupTimeout;
    }

    /** Whether the application answers its readiness probe with 2xx now; false while it does not listen yet. */
    protected final boolean answersReady() {
        return readinessAnswer().map(answer -> answer.status() / 100 == 2).orElse(false);
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
                exited(handles, ChildProcesses.KILL_TIMEOUT);
            }
        } catch (InterruptedException e) {
            kill(handles);
            Thread.currentThread().interrupt();
        }
    }

    protected static long secondsSince(long started) {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    }

    /**
     * The file that {@code location} names, which must exist. A location read from a system property
     * ({@link #pathProperty}) thus fails here, at the start, rather than when the test class is loaded.
     */
    protected final Path requiredFile(Supplier<Path> location) {
        Path path = location.get();
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(path + " does not exist: run mvn verify (or package)");
        }
        return path;
    }

    /** The path that the system property {@code property} names; fails when it is not set. */
    public static Path pathProperty(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("System property " + property + " is not set: run the suite through"
                    + " Maven (mvn verify), which builds what it needs and provides the server");
        }
        return Paths.get(value);
    }

    private Optional<ApiResponse> readinessAnswer() {
        String user = app.users().keySet().stream().findFirst().orElse(null);
        try {
            return Optional.of(app.probeReadiness(user == null ? anonymous() : client(user)));
        } catch (UncheckedIOException notListening) {
            return Optional.empty();
        }
    }

    private void awaitReady(String name) throws Exception {
        long deadline = System.nanoTime() + startupTimeout.toNanos();
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
            Optional<ApiResponse> answer = readinessAnswer();
            if (answer.isPresent() && answer.get().status() / 100 == 2) {
                return;
            }
            last = answer.map(response -> response.status() + " " + response.body()).orElse("not listening");
            Thread.sleep(500);
        }
        destroy();
        throw startFailure(name, product + " was not ready within " + startupTimeout.toSeconds()
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
