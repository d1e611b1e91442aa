package io.idempo.benchmarks.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * The end-to-end load benchmark of the example app: for each configuration (MariaDB + Redis, PostgreSQL + Redis,
 * PostgreSQL with Redis down) the same business work without and with {@code @Idempotent}, in alternating rounds,
 * from a load generator in a separate process (wrk) or, for the open-loop series' fixed rate, in this one. Writes
 * {@code docs/benchmarks-e2e-results.md} and {@code docs/benchmarks-e2e.png}. Run it with
 * {@code benchmarks/e2e/run.sh}, which builds what it needs; the settings are system properties (see
 * {@link E2eSettings}).
 */
public final class E2eBenchmark {

    private E2eBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        E2eSettings settings = E2eSettings.fromSystemProperties();
        String runId = UUID.randomUUID().toString().substring(0, 6);
        Instant started = Instant.now();
        RunEnvironment environment = new RunEnvironment(settings);
        Results results = new Results();
        for (Configuration configuration : settings.configurations()) {
            try {
                ConfigurationRun.run(settings, configuration, runId, environment, results);
            } catch (Exception e) {
                // One configuration failing (a server that does not start) should not lose the others' results.
                e.printStackTrace();
                results.fail(configuration, e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        Duration took = Duration.between(started, Instant.now());
        Files.createDirectories(settings.docsDir());
        Path markdown = settings.docsDir().resolve("benchmarks-e2e-results.md");
        Files.writeString(markdown, Report.markdown(settings, environment, results, runId, started, took));
        Path chart = settings.docsDir().resolve("benchmarks-e2e.png");
        Chart.write(chart, settings, results, RunEnvironment.machine() + "; " + settings.pairs() + " round pairs of "
                + settings.round().toSeconds() + " s; run " + runId + ", " + started.toString().substring(0, 10));
        System.out.printf("[e2e] done in %d min: %s, %s%n", took.toMinutes(), markdown, chart);
    }
}
