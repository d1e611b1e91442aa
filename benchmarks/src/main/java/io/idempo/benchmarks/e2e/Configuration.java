package io.idempo.benchmarks.e2e;

import java.util.Arrays;

/** A server configuration of the example app that the benchmark measures. */
enum Configuration {

    MARIADB_REDIS("mariadb-redis", "MariaDB + Redis", DatabaseCounters.Kind.MARIADB, true),
    POSTGRESQL_REDIS("postgresql-redis", "PostgreSQL + Redis", DatabaseCounters.Kind.POSTGRESQL, true),
    /** REDIS_URL names a closed port: the claim store's circuit opens and the database decides alone. */
    POSTGRESQL_REDIS_DOWN("postgresql-redis-down", "PostgreSQL, Redis down", DatabaseCounters.Kind.POSTGRESQL, false);

    final String id;
    final String label;
    final DatabaseCounters.Kind database;
    final boolean redisUp;

    Configuration(String id, String label, DatabaseCounters.Kind database, boolean redisUp) {
        this.id = id;
        this.label = label;
        this.database = database;
        this.redisUp = redisUp;
    }

    static Configuration named(String id) {
        return Arrays.stream(values()).filter(configuration -> configuration.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No configuration " + id + "; known: "
                        + Arrays.stream(values()).map(configuration -> configuration.id).toList()));
    }
}
