package io.idempo.benchmarks.e2e;

import io.idempo.testing.database.TestSchema;
import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import io.idempo.testing.server.AppProfile;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * The example app as the benchmark runs it on idempo-testing's Payara Micro: the WAR and directories of the run's
 * settings, alice, the variables it is configured with, and readiness once its load endpoints (enabled with
 * {@code IDEMPO_LOAD_ENDPOINTS=true}) create orders.
 */
record BenchmarkedApp(E2eSettings settings) implements AppProfile {

    /** The plain endpoint: it answers 201 once the app is deployed and its tables exist. */
    private static final String READINESS_PATH = "/api/load/orders/trivial";

    /** Variables that would change the app's configuration if inherited from the harness's JVM. */
    private static final Set<String> CONFIGURATION = Set.of("DB_URL", "DB_USER", "DB_PASSWORD", "REDIS_URL",
            "IDEMPO_REDIS_PREFIX", "IDEMPO_DEMO_FAULTS", "IDEMPO_LOAD_ENDPOINTS", "PORT");

    @Override
    public Path war() {
        return settings.war();
    }

    @Override
    public Path workDirectory() {
        return settings.workDir();
    }

    @Override
    public Map<String, String> users() {
        return Map.of(LoadRequests.USER, LoadRequests.PASSWORD);
    }

    @Override
    public ApiResponse probeReadiness(ApiClient client) {
        return client.post(READINESS_PATH, LoadRequests.orderBody(0, 1), "readiness-probe-" + System.nanoTime());
    }

    @Override
    public Set<String> configurationVariables() {
        return CONFIGURATION;
    }

    @Override
    public Map<String, String> databaseEnvironment(TestSchema schema) {
        return Map.of("DB_URL", schema.url(), "DB_USER", schema.user());
    }

    @Override
    public Map<String, String> redisEnvironment(String url, String prefix) {
        return prefix == null ? Map.of("REDIS_URL", url) : Map.of("REDIS_URL", url, "IDEMPO_REDIS_PREFIX", prefix);
    }
}
