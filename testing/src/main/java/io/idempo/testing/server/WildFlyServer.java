package io.idempo.testing.server;

import io.idempo.testing.ChildProcesses;
import io.idempo.testing.net.LoopbackPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Boots a WAR, unchanged, on WildFly (a distribution unpacked from Maven Central) as a child process, and stops it
 * afterwards; the counterpart of {@link PayaraMicroServer} (see {@link ChildProcessServer} for the lifecycle).
 *
 * <pre>{@code
 * @RegisterExtension
 * static final WildFlyServer server = WildFlyServer.of(SHOP, () -> Path.of("target/wildfly-39.0.1.Final"))
 *         .withJakartaSecurityIdentityStore().on(TestDatabase.postgresql().freshSchema()).withSharedRedis();
 * }</pre>
 *
 * <p>Each start is isolated: a server base directory of its own under {@code target/e2e/<name>/}
 * ({@code -Djboss.server.base.dir}, a copy of the distribution's {@code standalone/configuration} with the WAR in
 * {@code deployments/} as {@code ROOT.war}, so at context root {@code /}), every port shifted by a free
 * {@code -Djboss.socket.binding.port-offset} (HTTP is 8080 + offset), and besides the app's variables, the test JVM's
 * {@code IDEMPO_*}, {@code JBOSS_*} and start-script variables ({@code JAVA_OPTS} and the like) removed.
 *
 * <p>It starts with {@code standalone.xml}, or the configuration {@link #withConfiguration} names (the full profile,
 * say). With {@link #withJakartaSecurityIdentityStore()}, one server setting differs from the distribution's: the application security domain {@code other} gets {@code integrated-jaspi="false"}, so
 * that the identity which the app's own Jakarta Security identity store validates is used as is, instead of being
 * looked up again in WildFly's {@code ApplicationDomain} (where the app's users do not exist). That is the
 * documented setting for Jakarta Security applications with their own identity store, which then need no WildFly
 * descriptor in the WAR.
 *
 * <p>A failed deployment (the scanner's {@code ROOT.war.failed} marker) or a boot with errors fails the start at
 * once. The stop sends SIGTERM to {@code standalone.sh}, which relays it to the server JVM
 * ({@code LAUNCH_JBOSS_IN_BACKGROUND}); both are killed by PID after 30 s.
 */
public final class WildFlyServer extends ChildProcessServer<WildFlyServer> {

    /**
     * The ports of the socket bindings (HTTP, HTTPS, AJP, management, transactions, and the full profile's IIOP):
     * every one is shifted by the offset.
     */
    private static final int[] DEFAULT_PORTS = {8080, 8443, 8009, 9990, 9993, 4712, 4713, 3528, 3529};
    private static final String DEFAULT_CONFIGURATION = "standalone.xml";
    /** Offsets keep every port below Linux's ephemeral range (32768+), where free ports are handed out. */
    private static final int MIN_OFFSET = 10_000;
    private static final int MAX_OFFSET = 22_000;

    /** Variables that would change the start script's configuration if inherited. */
    private static final List<String> INHERITED_SCRIPT_CONFIGURATION = List.of("JAVA_OPTS", "JAVA", "JAVA_HOME",
            "LAUNCH_JBOSS_IN_BACKGROUND", "PRESERVE_JAVA_OPTS", "SECMGR", "MODULE_OPTS", "GC_LOG");
    private static final List<String> INHERITED_PREFIXES = List.of("IDEMPO_", "JBOSS_", "WILDFLY_");

    private static final List<String> JVM_OPTIONS = List.of("-Xms64m", "-Xmx512m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-Djava.net.preferIPv4Stack=true",
            "-Djboss.modules.system.pkgs=org.jboss.byteman", "-Djava.awt.headless=true",
            "-Dorg.jboss.logmanager.nocolor=true");

    /** The setting for Jakarta Security with the app's own identity store (see the class comment). */
    private static final String SECURITY_DOMAIN =
            "<application-security-domain name=\"other\" security-domain=\"ApplicationDomain\"/>";
    private static final String SECURITY_DOMAIN_NON_INTEGRATED =
            "<application-security-domain name=\"other\" security-domain=\"ApplicationDomain\""
                    + " integrated-jaspi=\"false\"/>";

    private final Supplier<Path> wildFlyHome;
    private String configuration = DEFAULT_CONFIGURATION;
    private boolean ownIdentityStore;
    private int httpThreads;
    private Path script;
    private int offset;

    private WildFlyServer(AppProfile app, Supplier<Path> wildFlyHome) {
        super("WildFly", "idempo:e2e-wildfly-", app);
        this.wildFlyHome = wildFlyHome;
    }

    /** {@code app} on the WildFly installation at {@code wildFlyHome} (asked at each start). */
    public static WildFlyServer of(AppProfile app, Supplier<Path> wildFlyHome) {
        return new WildFlyServer(app, wildFlyHome);
    }

    /**
     * The application authenticates with a Jakarta Security identity store of its own: WildFly's security domain
     * takes its identities as they are ({@code integrated-jaspi="false"}, see the class comment).
     */
    public WildFlyServer withJakartaSecurityIdentityStore() {
        ownIdentityStore = true;
        return this;
    }

    /**
     * Starts the server with another configuration of the distribution's {@code standalone/configuration}
     * ({@code standalone.sh -c <file>}), such as {@code standalone-full.xml}, the full profile with Jakarta Messaging
     * (an embedded ActiveMQ Artemis broker) and message-driven beans; {@code standalone.xml} by default.
     */
    public WildFlyServer withConfiguration(String file) {
        configuration = file;
        return this;
    }

    /**
     * Runs requests on exactly {@code threads} worker threads (the io subsystem's default worker grows with the
     * cores): with one, every request runs on the same thread, which is what a test of thread-bound state needs.
     */
    public WildFlyServer withHttpThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("A worker needs a thread, not " + threads);
        }
        httpThreads = threads;
        return this;
    }

    /**
     * A fresh base directory: the distribution's configuration (with the security setting, if asked for) and the
     * WAR as {@code deployments/ROOT.war}, which the deployment scanner deploys at boot, at context root "/".
     */
    @Override
    protected void layOut() throws IOException {
        Path home = requiredInstallation();
        script = home.resolve("bin/standalone.sh");
        Path war = requiredFile(app()::war);
        Path base = directory();
        ChildProcesses.deleteTree(base);
        Path configurations = base.resolve("configuration");
        copyTree(home.resolve("standalone/configuration"), configurations);
        Path serverXml = configurations.resolve(configuration);
        if (!Files.isRegularFile(serverXml)) {
            throw new IllegalStateException(home + " has no configuration " + configuration);
        }
        if (ownIdentityStore) {
            Files.writeString(serverXml, nonIntegratedJaspi(Files.readString(serverXml)));
        }
        if (httpThreads > 0) {
            Files.writeString(serverXml, withWorkerThreads(Files.readString(serverXml), httpThreads));
        }
        Path deployments = Files.createDirectories(base.resolve("deployments"));
        Files.copy(war, deployments.resolve("ROOT.war"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** 8080, the HTTP socket binding's port, shifted by an offset at which every port of the server is free. */
    @Override
    protected int choosePort() {
        offset = freePortOffset();
        return 8080 + offset;
    }

    @Override
    protected List<String> command() {
        return List.of("/bin/sh", script.toString(),
                "-c", configuration,
                "-Djboss.server.base.dir=" + directory(),
                "-Djboss.socket.binding.port-offset=" + offset,
                "-Djboss.bind.address=127.0.0.1",
                "-Djboss.bind.address.management=127.0.0.1");
    }

    @Override
    protected boolean isInheritedConfiguration(String variable) {
        return super.isInheritedConfiguration(variable) || INHERITED_SCRIPT_CONFIGURATION.contains(variable)
                || INHERITED_PREFIXES.stream().anyMatch(variable::startsWith);
    }

    @Override
    protected Map<String, String> launcherEnvironment() {
        // LAUNCH_JBOSS_IN_BACKGROUND: the script runs the JVM in the background and relays SIGTERM to it, so stop()
        // can signal the script.
        return Map.of("JAVA_HOME", System.getProperty("java.home"), "JAVA_OPTS", String.join(" ", JVM_OPTIONS),
                "LAUNCH_JBOSS_IN_BACKGROUND", "true");
    }

    @Override
    protected Optional<String> reportedFailure() throws IOException {
        Path failed = directory().resolve("deployments/ROOT.war.failed");
        if (Files.exists(failed)) {
            return Optional.of("the WAR failed to deploy on WildFly: " + Files.readString(failed));
        }
        if (log().contains("WFLYSRV0026")) {
            return Optional.of("WildFly started with errors");
        }
        return Optional.empty();
    }

    @Override
    protected String describe() {
        return configuration + ", port offset " + offset + ", " + super.describe();
    }

    /**
     * Undeploys the WAR and deploys it again through the deployment scanner's markers, as an operator's redeploy
     * does: the application stops (its listeners, beans and class loader released) and starts in a new class loader.
     * Returns once it answers its readiness probe again.
     */
    public void redeploy() throws Exception {
        Path deployments = directory().resolve("deployments");
        Files.delete(deployments.resolve("ROOT.war.deployed"));
        awaitMarker(deployments.resolve("ROOT.war.undeployed"));
        Files.delete(deployments.resolve("ROOT.war.undeployed"));
        Files.createFile(deployments.resolve("ROOT.war.dodeploy"));
        awaitMarker(deployments.resolve("ROOT.war.deployed"));
        long deadline = System.nanoTime() + startupTimeout().toNanos();
        while (!answersReady()) {
            if (System.nanoTime() > deadline) {
                throw startFailure("redeploy", "the redeployed application did not answer its readiness probe");
            }
            Thread.sleep(200);
        }
    }

    /** The pid of the server's JVM (not of the start script that launched it), for a heap census. */
    public long serverPid() {
        return processes().filter(handle -> handle.info().command().map(command -> command.endsWith("/java"))
                .orElse(false)).findFirst().orElseThrow(() -> new IllegalStateException("no WildFly JVM is running"))
                .pid();
    }

    private void awaitMarker(Path marker) throws Exception {
        Path failed = marker.resolveSibling("ROOT.war.failed");
        long deadline = System.nanoTime() + startupTimeout().toNanos();
        while (!Files.exists(marker)) {
            if (Files.exists(failed)) {
                throw startFailure("redeploy", "the deployment failed: " + Files.readString(failed));
            }
            if (System.nanoTime() > deadline) {
                throw startFailure("redeploy", marker.getFileName() + " did not appear");
            }
            Thread.sleep(200);
        }
    }

    /** Bounds the io subsystem's default worker, which runs the requests, to {@code threads} task threads. */
    static String withWorkerThreads(String standaloneXml, int threads) {
        String worker = "<worker name=\"default\"/>";
        if (!standaloneXml.contains(worker)) {
            throw new IllegalStateException("standalone.xml has no " + worker + " in its io subsystem");
        }
        return standaloneXml.replace(worker, "<worker name=\"default\" task-max-threads=\"" + threads
                + "\" io-threads=\"1\"/>");
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

    /** An offset at which every port of the server is free on the loopback address. */
    private static int freePortOffset() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int candidate = ThreadLocalRandom.current().nextInt(MIN_OFFSET, MAX_OFFSET);
            boolean free = true;
            for (int port : DEFAULT_PORTS) {
                free &= LoopbackPorts.isFree(port + candidate);
            }
            if (free) {
                return candidate;
            }
        }
        throw new IllegalStateException("No port offset between " + MIN_OFFSET + " and " + MAX_OFFSET
                + " has all of WildFly's ports free");
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

    private Path requiredInstallation() {
        Path path = wildFlyHome.get();
        if (!Files.isRegularFile(path.resolve("bin/standalone.sh"))
                || !Files.isRegularFile(path.resolve("jboss-modules.jar"))) {
            throw new IllegalStateException(path + " is not a WildFly installation: run mvn verify, which unpacks"
                    + " org.wildfly:wildfly-dist there before the integration tests");
        }
        return path;
    }
}
