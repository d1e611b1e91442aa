package io.idempo.example.e2e;

import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.AppProfile;
import io.idempo.testing.server.ChildProcessServer;
import io.idempo.testing.server.PayaraMicroServer;
import io.idempo.testing.server.WildFlyServer;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The example app as the servers of idempo-testing run it: its readiness, its demo users and the variables it is
 * configured with (README, "Configuration"), in one place for the end-to-end and fault suites. Paths come from
 * failsafe's system properties {@code e2e.war} (and {@code e2e.unwoven-war}, {@code e2e.jms-war}),
 * {@code e2e.work-dir}, {@code e2e.payara-micro.jar} and {@code e2e.wildfly.home} (see the pom).
 *
 * <pre>{@code
 * @RegisterExtension
 * static final PayaraMicroServer server = ExampleApp.onPayara(TestDatabase.postgresql()).withSharedRedis()
 *         .withEnv(ExampleApp.DEMO_FAULTS, "true");
 * }</pre>
 */
public final class ExampleApp implements AppProfile {

    /** {@code true} honours the X-Demo-Fail and X-Demo-Delay-Ms headers (off by default). */
    public static final String DEMO_FAULTS = "IDEMPO_DEMO_FAULTS";
    /** The broker the payment callbacks also arrive through (unset: no consumer). */
    public static final String RABBITMQ_URL = "RABBITMQ_URL";
    /** The order-expiry job's period and slot (a minute by default; PT0S: no job). */
    public static final String JOB_PERIOD = "IDEMPO_DEMO_JOB_PERIOD";

    /** The WAR the build weaves (failsafe's {@code e2e.war}). */
    private static final ExampleApp APP = new ExampleApp("e2e.war");
    /** The same application with its JMS door ({@code e2e.jms-war}), for servers with a JMS broker. */
    private static final ExampleApp APP_WITH_JMS = new ExampleApp("e2e.jms-war");

    /** The same application never woven, run by the adapter's CDI interceptor ({@code e2e.unwoven-war}). */
    private static final ExampleApp UNWOVEN = new ExampleApp("e2e.unwoven-war");

    /**
     * The demo users; their passwords are their names. Alice comes first: readiness is probed as her. {@code admin}
     * is in the role idempo-admin only: the adapter's admin surface, no orders.
     */
    private static final Map<String, String> USERS = orderedUsers("alice", "bob", "admin");

    /** Answers 200 once the app is deployed, its database reachable and its tables created. */
    private static final String READINESS_PATH = "/api/reconciliation";

    /** Variables that would change the app's configuration if inherited from the test JVM. */
    private static final Set<String> CONFIGURATION = Set.of("DB_URL", "DB_USER", "DB_PASSWORD", "REDIS_URL",
            "REDIS_MODE", "IDEMPO_REDIS_PREFIX", RABBITMQ_URL, DEMO_FAULTS, JOB_PERIOD, "PORT");

    /** The system property that names the WAR. */
    private final String warProperty;

    private ExampleApp(String warProperty) {
        this.warProperty = warProperty;
    }

    /**
     * The app on Payara Micro as the README's command starts it, no variable set: H2 in memory, the in-JVM claim
     * store, no broker, the order-expiry job each minute.
     */
    public static PayaraMicroServer onPayaraWithDefaults() {
        return PayaraMicroServer.of(APP, () -> ChildProcessServer.pathProperty("e2e.payara-micro.jar"));
    }

    /**
     * The app on Payara Micro with its embedded defaults but the order-expiry job off ({@code PT0S}): the suites
     * compare the records, rows and Redis keys before and after their requests, and a tick of the job adds its own.
     * The job's classes turn it on with {@code withEnv(JOB_PERIOD, ...)}.
     */
    public static PayaraMicroServer onPayara() {
        return onPayaraWithDefaults().withEnv(JOB_PERIOD, "PT0S");
    }

    /**
     * The build's second WAR, whose classes were never woven, on Payara Micro on a fresh schema of {@code database}:
     * the adapter's CDI interceptor alone runs its {@code @Idempotent} methods. The job is off, as for
     * {@link #onPayara()}.
     */
    public static PayaraMicroServer unwovenOnPayara(TestDatabase database) {
        return PayaraMicroServer.of(UNWOVEN, () -> ChildProcessServer.pathProperty("e2e.payara-micro.jar"))
                .on(database.freshSchema())
                .withEnv(JOB_PERIOD, "PT0S");
    }

    /** The app on Payara Micro on a fresh schema of {@code database}, dropped afterwards. */
    public static PayaraMicroServer onPayara(TestDatabase database) {
        return onPayara().on(database.freshSchema());
    }

    /** The app on WildFly on a fresh schema of {@code database}, dropped afterwards. */
    public static WildFlyServer onWildFly(TestDatabase database) {
        return WildFlyServer.of(APP, () -> ChildProcessServer.pathProperty("e2e.wildfly.home"))
                .withJakartaSecurityIdentityStore()
                .on(database.freshSchema())
                .withEnv(JOB_PERIOD, "PT0S");
    }

    /**
     * The WAR with the JMS door ({@code -jms}) on WildFly's full profile ({@code standalone-full.xml}: Jakarta
     * Messaging on an embedded ActiveMQ Artemis, message-driven beans), on a fresh schema of {@code database}, the
     * job off.
     */
    public static WildFlyServer onWildFlyFull(TestDatabase database) {
        return WildFlyServer.of(APP_WITH_JMS, () -> ChildProcessServer.pathProperty("e2e.wildfly.home"))
                .withConfiguration("standalone-full.xml")
                .withJakartaSecurityIdentityStore()
                .on(database.freshSchema())
                .withEnv(JOB_PERIOD, "PT0S");
    }

    @Override
    public Path war() {
        return ChildProcessServer.pathProperty(warProperty);
    }

    @Override
    public Path workDirectory() {
        return Path.of(System.getProperty("e2e.work-dir", "target/e2e"));
    }

    @Override
    public Map<String, String> users() {
        return USERS;
    }

    @Override
    public ApiResponse probeReadiness(ApiClient client) {
        return client.get(READINESS_PATH);
    }

    @Override
    public Set<String> configurationVariables() {
        return CONFIGURATION;
    }

    @Override
    public Map<String, String> databaseEnvironment(TestSchema schema) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("DB_URL", schema.url());
        environment.put("DB_USER", schema.user());
        if (!schema.password().isEmpty()) {
            environment.put("DB_PASSWORD", schema.password());
        }
        return environment;
    }

    @Override
    public Map<String, String> redisEnvironment(String url, String prefix) {
        return prefix == null ? Map.of("REDIS_URL", url) : Map.of("REDIS_URL", url, "IDEMPO_REDIS_PREFIX", prefix);
    }

    private static Map<String, String> orderedUsers(String... names) {
        Map<String, String> users = new LinkedHashMap<>();
        for (String name : names) {
            users.put(name, name);
        }
        return Collections.unmodifiableMap(users);
    }
}
