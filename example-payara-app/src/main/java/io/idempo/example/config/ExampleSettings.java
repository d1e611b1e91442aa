package io.idempo.example.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the environment chose, read once. Environment variables are the one switch that works alike on every
 * server and in every container platform, so the app reads them itself rather than relying on a server's
 * substitution syntax ({@code ${ENV=...}} on Payara, {@code ${env.X}} on WildFly when enabled).
 *
 * <ul>
 *   <li>{@code DB_URL}, {@code DB_USER}, {@code DB_PASSWORD}: the database; by default an in-memory H2.</li>
 *   <li>{@code REDIS_URL}: the claim store, such as {@code redis://127.0.0.1:6379}; by default the in-JVM one.</li>
 *   <li>{@code REDIS_MODE=cluster}: {@code REDIS_URL} lists the seed nodes of a Redis Cluster, comma-separated;
 *       by default ({@code single}) it is one server.</li>
 *   <li>{@code RABBITMQ_URL}: the broker the payment callbacks also arrive through, such as
 *       {@code amqp://guest:guest@127.0.0.1:5672/}; by default no consumer runs.</li>
 *   <li>{@code IDEMPO_DEMO_FAULTS=true}: honours the {@code X-Demo-Fail} and {@code X-Demo-Delay-Ms} headers, and the
 *       messages' {@code x-demo-*} headers.</li>
 *   <li>{@code IDEMPO_DEMO_JOB_PERIOD}: the order-expiry job's period and slot, an ISO-8601 duration of whole
 *       seconds from {@code PT1S} to {@code PT1H}; one minute by default; {@code PT0S}: no job.</li>
 * </ul>
 *
 * @param databaseUrl      the JDBC URL
 * @param databaseUser     the database user, or null to let the URL or driver decide
 * @param databasePassword the database password, or null
 * @param databaseFromEnvironment whether {@code DB_URL} chose the database (else the embedded default)
 * @param redisUrl         the Redis URL, or null for the in-JVM claim store
 * @param redisMode        {@code single} or {@code cluster} as given (the adapter checks it), or null for single
 * @param rabbitmqUrl      the RabbitMQ URL, or null for no consumer
 * @param demoFaults       whether the demo fault switches are honoured
 * @param jobPeriod        how often the order-expiry job runs, and the length of its slots; zero for never
 */
public record ExampleSettings(String databaseUrl, String databaseUser, String databasePassword,
                              boolean databaseFromEnvironment, String redisUrl, String redisMode, String rabbitmqUrl,
                              boolean demoFaults, Duration jobPeriod) {

    /**
     * The embedded default: H2 2.2.224 (the version Payara Micro 6 bundles) in memory for the life of the JVM.
     * PostgreSQL mode makes the record claim race-free ({@code INSERT ... ON CONFLICT DO NOTHING}), like the real
     * PostgreSQL the example also runs on.
     */
    public static final String DEFAULT_DATABASE_URL = "jdbc:h2:mem:idempo-example;DB_CLOSE_DELAY=-1;MODE=PostgreSQL";

    /** The job runs each minute unless {@code IDEMPO_DEMO_JOB_PERIOD} says otherwise. */
    public static final Duration DEFAULT_JOB_PERIOD = Duration.ofMinutes(1);
    /** A slot's record must outlive the slot: the job's TTL (two hours) covers the longest period with room. */
    public static final Duration MAX_JOB_PERIOD = Duration.ofHours(1);

    private static final ExampleSettings CURRENT = from(System.getenv());

    /** The settings of this JVM, read from its environment once. */
    public static ExampleSettings current() {
        return CURRENT;
    }

    /**
     * Reads the settings from {@code environment}; blank values count as unset.
     *
     * @throws IllegalArgumentException for an {@code IDEMPO_DEMO_JOB_PERIOD} out of its bounds
     */
    public static ExampleSettings from(Map<String, String> environment) {
        Optional<String> url = value(environment, "DB_URL");
        boolean fromEnvironment = url.isPresent();
        String user = value(environment, "DB_USER").orElse(fromEnvironment ? null : "sa");
        String password = value(environment, "DB_PASSWORD").orElse(fromEnvironment ? null : "");
        boolean faults = value(environment, "IDEMPO_DEMO_FAULTS")
                .map(flag -> flag.toLowerCase(Locale.ROOT).equals("true"))
                .orElse(false);
        return new ExampleSettings(url.orElse(DEFAULT_DATABASE_URL), user, password, fromEnvironment,
                value(environment, "REDIS_URL").orElse(null), value(environment, "REDIS_MODE").orElse(null),
                value(environment, "RABBITMQ_URL").orElse(null), faults,
                value(environment, "IDEMPO_DEMO_JOB_PERIOD").map(ExampleSettings::jobPeriod).orElse(DEFAULT_JOB_PERIOD));
    }

    private static Duration jobPeriod(String value) {
        Duration period;
        try {
            period = Duration.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("IDEMPO_DEMO_JOB_PERIOD must be an ISO-8601 duration such as PT1M,"
                    + " got '" + value + "'", e);
        }
        boolean off = period.isZero();
        if (!off && (period.getNano() != 0 || period.compareTo(Duration.ofSeconds(1)) < 0
                || period.compareTo(MAX_JOB_PERIOD) > 0)) {
            throw new IllegalArgumentException("IDEMPO_DEMO_JOB_PERIOD must be PT0S (no job) or whole seconds from"
                    + " PT1S to " + MAX_JOB_PERIOD + ", got " + value);
        }
        return period;
    }

    /** Whether the order-expiry job runs ({@code IDEMPO_DEMO_JOB_PERIOD=PT0S} turns it off). */
    public boolean jobEnabled() {
        return !jobPeriod.isZero();
    }

    /** The database URL for logs: any parameter that looks like a secret is masked. */
    public String databaseUrlForLog() {
        return mask(databaseUrl);
    }

    /** Whether {@code REDIS_MODE} asks for a Redis Cluster. */
    public boolean redisCluster() {
        return "cluster".equalsIgnoreCase(redisMode);
    }

    /** The Redis URL (or URLs) for logs, with any password masked ({@code redis://user:***@host:port}). */
    public Optional<String> redisUrlForLog() {
        return Optional.ofNullable(redisUrl).map(url -> url.replaceAll("(//[^/@:]*:)[^/@]*@", "$1***@"));
    }

    /** The RabbitMQ URL for logs, with any password masked ({@code amqp://guest:***@host:5672/}). */
    public Optional<String> rabbitmqUrlForLog() {
        return Optional.ofNullable(rabbitmqUrl).map(ExampleSettings::mask);
    }

    static String mask(String url) {
        return url.replaceAll("(?i)((?:password|pwd|secret|token)[^=;&]*=)[^;&]*", "$1***")
                .replaceAll("(//[^/@:]*:)[^/@]*@", "$1***@");
    }

    private static Optional<String> value(Map<String, String> environment, String name) {
        String value = environment.get(name);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }
}
