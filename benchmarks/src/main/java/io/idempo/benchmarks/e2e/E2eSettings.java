package io.idempo.benchmarks.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * What a run measures and where things are, from system properties ({@code benchmarks/e2e/run.sh} sets them from
 * its environment). Paths are relative to the repository root, where the run starts.
 *
 * @param war            the example app's WAR
 * @param payaraMicro    the Payara Micro jar the example's build copied next to it
 * @param wrkScript      the wrk script with the request streams
 * @param docsDir        where the results table and chart go
 * @param workDir        the servers' directories and logs
 * @param round          the length of one measured round
 * @param warmup         the warm-up of each endpoint before each series
 * @param initialWarmup  after a server start, passes of {@code warmup} over every series' wrk load (an open-loop
 *                       series': its closed-loop twin's), both endpoints, until at least this long has passed
 * @param pairs          rounds per endpoint: A B A B ... ({@code pairs} of each)
 * @param connections    wrk's concurrent connections
 * @param primedKeys     how many completed keys the duplicates series cycles over
 * @param series         which series run in each configuration, in order
 * @param configurations which server configurations run, in order
 * @param redisUrl       the shared Redis: the run uses a key prefix of its own and deletes only those keys
 *
 * <p>The database servers are idempo-testing's {@code TestDatabase}s: {@code e2e.postgresql.url} and
 * {@code e2e.mariadb.url} (with their {@code .user} and {@code .password}) override them; a database of the run's
 * own is created beside the one they name.
 */
record E2eSettings(Path war, Path payaraMicro, Path wrkScript, Path docsDir, Path workDir, Duration round,
                   Duration warmup, Duration initialWarmup, int pairs, int connections, int primedKeys,
                   List<Series> series, List<Configuration> configurations, String redisUrl) {

    static E2eSettings fromSystemProperties() {
        return new E2eSettings(
                path("e2e.war", "example-payara-app/target/idempo-example-payara-app.war"),
                path("e2e.payara-micro", "example-payara-app/target/payara-micro.jar"),
                path("e2e.wrk-script", "benchmarks/e2e/load.lua"),
                path("e2e.docs-dir", "docs"),
                path("e2e.work-dir", "benchmarks/target/e2e"),
                Duration.ofSeconds(Long.getLong("e2e.round-seconds", 8)),
                Duration.ofSeconds(Long.getLong("e2e.warmup-seconds", 3)),
                Duration.ofSeconds(Long.getLong("e2e.initial-warmup-seconds", 120)),
                Integer.getInteger("e2e.pairs", 3),
                Integer.getInteger("e2e.connections", 32),
                Integer.getInteger("e2e.primed-keys", 1000),
                Arrays.stream(System.getProperty("e2e.series", "unique-trivial,unique-realistic,open-loop-realistic,"
                                + "duplicates-trivial,mix-realistic,burst-100,burst-1000").split(","))
                        .map(String::strip).map(Series::named).toList(),
                Arrays.stream(System.getProperty("e2e.configurations",
                                "mariadb-redis,postgresql-redis,postgresql-redis-down").split(","))
                        .map(String::strip).map(Configuration::named).toList(),
                System.getProperty("e2e.redis.url", "redis://127.0.0.1:6379"));
    }

    private static Path path(String property, String fallback) {
        return Path.of(System.getProperty(property, fallback)).toAbsolutePath();
    }
}
