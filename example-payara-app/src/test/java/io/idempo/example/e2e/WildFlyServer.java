package io.idempo.example.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Boots the built WAR, unchanged, on WildFly (the distribution that the build unpacks from Maven Central) as a
 * child process, once per test class, and stops it afterwards; the counterpart of {@link PayaraMicroServer}.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final WildFlyServer server = WildFlyServer.on(TestDatabase.postgresql()).withRedis();
 * }</pre>
 *
 * <p>Each start is isolated: a server base directory of its own under {@code target/e2e/<name>/}
 * ({@code -Djboss.server.base.dir}, a copy of the distribution's {@code standalone/configuration} with the WAR in
 * {@code deployments/} as {@code ROOT.war}, so at context root {@code /}; deleted after the stop), every port
 * shifted by a free {@code -Djboss.socket.binding.port-offset} (HTTP is 8080 + offset), and only the environment
 * given here (the test JVM's {@code DB_URL}, {@code REDIS_URL}, {@code IDEMPO_*}, {@code JBOSS_*} and the like are
 * removed). The whole console output goes to {@code target/e2e/<name>.log} (kept).
 *
 * <p>One server setting differs from the distribution's {@code standalone.xml}: the application security domain
 * {@code other} gets {@code integrated-jaspi="false"}, so that the identity which the app's own Jakarta Security
 * identity store validates is used as is, instead of being looked up again in WildFly's {@code ApplicationDomain}
 * (where the demo users do not exist). That is the documented setting for Jakarta Security applications with
 * their own identity store; the WAR itself carries no WildFly descriptor.
 *
 * <p>The server is ready when {@code GET /api/reconciliation} answers 200 as alice, within 90 s. A failed
 * deployment (the scanner's {@code ROOT.war.failed} marker) or a boot with errors fails at once, with the log's
 * tail in the message. The stop sends SIGTERM to {@code standalone.sh}, which relays it to the server JVM
 * ({@code LAUNCH_JBOSS_IN_BACKGROUND}); both are killed by PID after 30 s.
 *
 * <p>Paths come from failsafe's system properties {@code e2e.wildfly.home}, {@code e2e.war} and
 * {@code e2e.work-dir} (see the pom).
 */
public final class WildFlyServer implements BeforeAllCallback, AfterAllCallback {

    static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);
    static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    /** The ports of {@code standalone.xml}'s socket bindings (HTTP, HTTPS, AJP, management, transactions). */
    private static final int[] DEFAULT_PORTS = {8080, 8443, 8009, 9990, 9993, 4712, 4713};
    /** Offsets keep every port below Linux's ephemeral range (32768+), where free ports are handed out. */
    private static final int MIN_OFFSET = 10_000;
    private static final int MAX_OFFSET = 22_000;

    /** Variables that would change the app's or the start script's configuration if inherited. */
    private static final List<String> INHERITED_CONFIGURATION = List.of("DB_URL", "DB_USER", "DB_PASSWORD",
            "REDIS_URL", "PORT", "JAVA_OPTS", "JAVA", "JAVA_HOME", "LAUNCH_JBOSS_IN_BACKGROUND",
            "PRESERVE_JAVA_OPTS", "SECMGR", "MODULE_OPTS", "GC_LOG");
    private static final List<String> INHERITED_PREFIXES = List.of("IDEMPO_", "JBOSS_", "WILDFLY_");

    /** The setting for Jakarta Security with the app's own identity store (see the class comment). */
    private static final String SECURITY_DOMAIN =
            "<application-security-domain name=\"other\" security-domain=\"ApplicationDomain\"/>";
    private static final String SECURITY_DOMAIN_NON_INTEGRATED =
            "<application-security-domain name=\"other\" security-domain=\"ApplicationDomain\""
                    + " integrated-jaspi=\"false\"/>";

    private final TestDatabase database;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>(List.of("-Xms64m", "-Xmx512m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true",
            "-Djboss.modules.system.pkgs=org.jboss.byteman", "-Djava.awt.headless=true",
            "-Dorg.jboss.logmanager.nocolor=true"));

    private String redisUrl;
    private String redisPrefix;

    private Process process;
    private Thread shutdownHook;
    private int offset;
    private Path log;
    private Path base;

    private WildFlyServer(TestDatabase database) {
        this.database = database;
        environment.putAll(database.environment());
    }

    /** The embedded defaults: H2 in memory and the in-JVM claim store, no variable set. */
    public static WildFlyServer embedded() {
        return new WildFlyServer(TestDatabase.embedded());
    }

    /** On {@code database}, which gets a fresh schema for this server and is dropped afterwards. */
    public static WildFlyServer on(TestDatabase database) {
        return new WildFlyServer(database);
    }

    /**
     * Sets {@code REDIS_URL} to the local Redis ({@code e2e.redis.url}, default {@code redis://127.0.0.1:6379}) and
     * {@code IDEMPO_REDIS_PREFIX} to a prefix of this server's own ({@code idempo:e2e-wildfly-<random>:}), whose
     * keys are deleted after the stop: the Redis is shared with other tests.
     */
    public WildFlyServer withRedis() {
        redisUrl = System.getProperty("e2e.redis.url", "redis://127.0.0.1:6379");
        redisPrefix = "idempo:e2e-wildfly-" + UUID.randomUUID().toString().substring(0, 8) + ":";
        withEnv("IDEMPO_REDIS_PREFIX", redisPrefix);
        return withEnv("REDIS_URL", redisUrl);
    }

    /** Sets {@code IDEMPO_DEMO_FAULTS=true}: the X-Demo-Fail and X-Demo-Delay-Ms headers are honoured. */
    public WildFlyServer withDemoFaults() {
        return withEnv("IDEMPO_DEMO_FAULTS", "true");
    }

    /** Any other variable of the server's environment. */
    public WildFlyServer withEnv(String name, String value) {
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

    /** Starts the server and waits until the app is ready; {@code name} names its log and base directory. */
    public void start(String name) throws Exception {
        Path home = requiredDirectory("e2e.wildfly.home");
        Path script = home.resolve("bin/standalone.sh");
        Path war = requiredFile("e2e.war");
        Path workDir = Paths.get(System.getProperty("e2e.work-dir", "target/e2e")).toAbsolutePath();
        base = workDir.resolve(name);
        log = workDir.resolve(name + ".log");
        prepareBaseDirectory(home, war);
        offset = freePortOffset();
        database.create();

        List<String> command = new ArrayList<>(List.of("/bin/sh", script.toString(),
                "-Djboss.server.base.dir=" + base,
                "-Djboss.socket.binding.port-offset=" + offset,
                "-Djboss.bind.address=127.0.0.1",
                "-Djboss.bind.address.management=127.0.0.1"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(base.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(key -> INHERITED_CONFIGURATION.contains(key)
                || INHERITED_PREFIXES.stream().anyMatch(key::startsWith));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("JAVA_OPTS", String.join(" ", jvmOptions));
        // The script then runs the JVM in the background and relays SIGTERM to it: stop() can signal the script.
        env.put("LAUNCH_JBOSS_IN_BACKGROUND", "true");
        env.putAll(environment);
        Files.writeString(log, "");
        long started = System.nanoTime();
        process = builder.start();
        shutdownHook = new Thread(this::destroy, "stop WildFly " + name);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        awaitReady(name);
        System.out.printf("[e2e] %s: WildFly ready on port %d in %d s (%s, log %s)%n", name, port(),
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started), describe(), log);
    }

    /**
     * Stops the server (SIGTERM, then SIGKILL by PID after 30 s), deletes its base directory and this server's
     * Redis keys, and drops the test schema; the log stays.
     */
    public void stop() throws Exception {
        try {
            destroy();
            if (shutdownHook != null) {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
                shutdownHook = null;
            }
            deleteBase();
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

    /** A client authenticated as one of the demo users (password = name). */
    public ApiClient client(String user) {
        if (!PayaraMicroServer.USERS.contains(user)) {
            throw new IllegalArgumentException("The demo users are " + PayaraMicroServer.USERS);
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
        return URI.create("http://127.0.0.1:" + port() + "/");
    }

    /** The HTTP port: 8080 shifted by the port offset. */
    public int port() {
        return 8080 + offset;
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

    /**
     * A fresh base directory: the distribution's configuration (with the one security setting changed) and the
     * WAR as {@code deployments/ROOT.war}, which the deployment scanner deploys at boot, at context root "/".
     */
    private void prepareBaseDirectory(Path home, Path war) throws IOException {
        deleteTree(base);
        Path configuration = base.resolve("configuration");
        copyTree(home.resolve("standalone/configuration"), configuration);
        Path standaloneXml = configuration.resolve("standalone.xml");
        Files.writeString(standaloneXml, nonIntegratedJaspi(Files.readString(standaloneXml)));
        Path deployments = Files.createDirectories(base.resolve("deployments"));
        Files.copy(war, deployments.resolve("ROOT.war"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Sets integrated-jaspi="false" on the undertow subsystem's application security domain "other". */
    static String nonIntegratedJaspi(String standaloneXml) {
        int undertow = standaloneXml.indexOf("urn:jboss:domain:undertow:");
        int domain = undertow < 0 ? -1 : standaloneXml.indexOf(SECURITY_DOMAIN, undertow);
        if (domain < 0) {
            throw new IllegalStateException("standalone.xml has no " + SECURITY_DOMAIN + " in the undertow"
                    + " subsystem: has the WildFly version changed? Set integrated-jaspi=\"false\" on the application"
                    + " security domain the app uses.");
        }
        return standaloneXml.substring(0, domain) + SECURITY_DOMAIN_NON_INTEGRATED
                + standaloneXml.substring(domain + SECURITY_DOMAIN.length());
    }

    private void awaitReady(String name) throws Exception {
        ApiClient probe = new ApiClient(baseUri(), "alice", "alice");
        Path failed = base.resolve("deployments/ROOT.war.failed");
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + ": WildFly exited with " + process.exitValue()
                        + " before it was ready; log " + log + ":\n" + tail(80));
            }
            if (Files.exists(failed)) {
                String reason = Files.readString(failed);
                destroy();
                throw new IllegalStateException(name + ": the WAR failed to deploy on WildFly: " + reason + "\nlog "
                        + log + ":\n" + tail(80));
            }
            if (log().contains("WFLYSRV0026")) {
                destroy();
                throw new IllegalStateException(name + ": WildFly started with errors; log " + log + ":\n"
                        + tail(80));
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
        throw new IllegalStateException(name + ": WildFly was not ready within " + STARTUP_TIMEOUT.toSeconds()
                + " s (last answer: " + last + "); log " + log + ":\n" + tail(80));
    }

    /**
     * SIGTERM to the script, which relays it to the JVM; waits for both. The JVM's PID is taken first: once the
     * script has exited, it is no longer among the script's descendants.
     */
    private void destroy() {
        Process script = process;
        if (script == null) {
            return;
        }
        List<ProcessHandle> handles = Stream.concat(script.descendants(), Stream.of(script.toHandle())).toList();
        if (handles.stream().noneMatch(ProcessHandle::isAlive)) {
            return;
        }
        script.destroy();
        long deadline = System.nanoTime() + SHUTDOWN_TIMEOUT.toNanos();
        try {
            for (ProcessHandle handle : handles) {
                try {
                    handle.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException | ExecutionException e) {
                    // killed below
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            for (ProcessHandle handle : handles) {
                if (handle.isAlive()) {
                    handle.destroyForcibly();
                }
            }
        }
    }

    private void deleteBase() throws IOException {
        if (base == null || (process != null && process.isAlive())) {
            return;
        }
        deleteTree(base);
    }

    private String tail(int lines) {
        List<String> all = log().lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private String describe() {
        return "port offset " + offset + ", " + database
                + (redisPrefix != null ? ", Redis " + redisUrl + " under " + redisPrefix : "")
                + (environment.containsKey("IDEMPO_DEMO_FAULTS") ? ", demo faults" : "");
    }

    /** An offset at which every port of the server is free on the loopback address. */
    private static int freePortOffset() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int candidate = ThreadLocalRandom.current().nextInt(MIN_OFFSET, MAX_OFFSET);
            boolean free = true;
            for (int port : DEFAULT_PORTS) {
                free &= isFree(port + candidate);
            }
            if (free) {
                return candidate;
            }
        }
        throw new IllegalStateException("No port offset between " + MIN_OFFSET + " and " + MAX_OFFSET
                + " has all of WildFly's ports free");
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static Path requiredDirectory(String property) {
        Path path = requiredPath(property);
        if (!Files.isRegularFile(path.resolve("bin/standalone.sh")) || !Files.isRegularFile(path.resolve("jboss-modules.jar"))) {
            throw new IllegalStateException(property + " = " + path + " is not a WildFly installation: run mvn verify,"
                    + " which unpacks org.wildfly:wildfly-dist there before the integration tests");
        }
        return path;
    }

    private static Path requiredFile(String property) {
        Path path = requiredPath(property);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(property + " = " + path + " does not exist: run mvn verify (or package)");
        }
        return path;
    }

    private static Path requiredPath(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("System property " + property + " is not set: run the end-to-end suite"
                    + " through Maven (mvn verify), which builds the WAR and unpacks WildFly");
        }
        return Paths.get(value);
    }
}
