package io.idempo.example.plainjava;

import java.util.Optional;

/**
 * Where the example's database and Redis are. {@link #fromEnvironment()} reads them from the environment, with H2 in
 * memory and claims in this JVM as defaults, so that the example runs with nothing installed.
 *
 * @param redisUrl    {@code redis://host:port}; empty: claims are kept in this JVM
 * @param redisPrefix prepended to every Redis key, so that several applications can share one Redis
 */
public record Settings(String dbUrl, String dbUser, String dbPassword, Optional<String> redisUrl,
                       String redisPrefix) {

    /** H2 in PostgreSQL mode, where the record's insert is race-free (see SqlDialect.H2_POSTGRESQL_MODE). */
    public static final String DEFAULT_DB_URL = "jdbc:h2:mem:idempo-example;DB_CLOSE_DELAY=-1;MODE=PostgreSQL";
    public static final String DEFAULT_REDIS_PREFIX = "idempo:";

    /** {@code DB_URL}, {@code DB_USER}, {@code DB_PASSWORD}, {@code REDIS_URL} and {@code REDIS_PREFIX}. */
    public static Settings fromEnvironment() {
        String url = variable("DB_URL").orElse(DEFAULT_DB_URL);
        String defaultUser = url.equals(DEFAULT_DB_URL) ? "sa" : "";
        return new Settings(url, variable("DB_USER").orElse(defaultUser), variable("DB_PASSWORD").orElse(""),
                variable("REDIS_URL"), variable("REDIS_PREFIX").orElse(DEFAULT_REDIS_PREFIX));
    }

    private static Optional<String> variable(String name) {
        return Optional.ofNullable(System.getenv(name)).filter(value -> !value.isBlank());
    }
}
