package io.idempo.benchmarks.e2e;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * The results as markdown: what ran where, the targets, and per configuration the plain endpoint (A), the
 * {@code @Idempotent} one (B) and their ratio for every series. Every figure of an endpoint is the median of its
 * rounds; the throughput ratio is the median of the per-pair ratios, each pair listed; so is the latency that B
 * adds at a steady load (open loop), as B − A.
 */
final class Report {

    /** Issue #15: a completed duplicate costs the server at most this share of a plain request's CPU. */
    private static final double DUPLICATE_CPU_SHARE = 0.4;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final E2eSettings settings;
    private final RunEnvironment environment;
    private final Results results;
    private final StringBuilder out = new StringBuilder();

    private Report(E2eSettings settings, RunEnvironment environment, Results results) {
        this.settings = settings;
        this.environment = environment;
        this.results = results;
    }

    static String markdown(E2eSettings settings, RunEnvironment environment, Results results, String runId,
                           Instant started, Duration took) {
        Report report = new Report(settings, environment, results);
        report.write(runId, started, took);
        return report.out.toString();
    }

    /** The share of the machine's CPU that other programs used during a round. */
    static double otherProgramsPercent(Counters.Delta delta) {
        return 100.0 * delta.cpuMicros().get("other")
                / (delta.seconds() * 1e6 * Runtime.getRuntime().availableProcessors());
    }

    private void write(String runId, Instant started, Duration took) {
        line("# End-to-end benchmark: results");
        line("");
        line("Written by `benchmarks/e2e/run.sh` (run " + runId + ", " + TIME.format(started) + ", "
                + took.toMinutes() + " min); see [benchmarks.md](benchmarks.md#end-to-end) for the method. "
                + "Each figure of an endpoint is the median of its " + settings.pairs() + " rounds; A = the plain "
                + "endpoint, B = the same work behind `@Idempotent`, measured alternately (A B A B ...).");
        line("");
        line("- Machine: " + RunEnvironment.machine() + "; load average (1/5/15 min) " + environment.loadBefore()
                + " before the run, " + RunEnvironment.loadAverage() + " after.");
        line("- Software: " + environment.versions().entrySet().stream()
                .map(entry -> entry.getKey() + " " + entry.getValue()).collect(Collectors.joining("; ")) + ".");
        line("- Load: wrk, 1 thread, " + settings.connections() + " connections, " + settings.round().toSeconds()
                + " s rounds after " + settings.warmup().toSeconds() + " s of warm-up per endpoint and series, and "
                + settings.initialWarmup().toSeconds() + " s of both endpoints' loads after each server start; "
                + "bursts released together from " + "raw sockets, one unmeasured burst per endpoint first; open loop: "
                + "a fixed rate of " + f0(100 * ConfigurationRun.OPEN_LOOP_SHARE) + " % of A's closed-loop req/s "
                + "with the same requests, from raw keep-alive sockets in the harness (up to "
                + FixedRateLoad.MAX_CONNECTIONS + " connections, a new one whenever all are busy), each latency "
                + "from the request's intended send time, " + settings.warmup().toSeconds() + " s per endpoint at "
                + "that rate first.");
        List<Measurement> rounds = results.all().stream().filter(m -> !m.isCountingPass()).toList();
        line("- Other programs' share of the machine's CPU during the rounds: median "
                + f0(Stats.median(rounds, m -> otherProgramsPercent(m.counters()))) + " %, max "
                + f0(rounds.stream().mapToDouble(m -> otherProgramsPercent(m.counters())).max().orElse(0)) + " %.");
        line("- Database figures (SQL statements, commits or transactions, rows written) come from a counting pass "
                + "per series and endpoint after the rounds (" + settings.connections() + " connections for 2 s, or "
                + "one more burst), read once the server has published them: PostgreSQL publishes its counts up to "
                + "10 s late.");
        line("");
        writeTargets();
        writeRatioOverview();
        writeAddedLatencyOverview();
        for (Configuration configuration : settings.configurations()) {
            writeConfiguration(configuration);
        }
    }

    private void writeTargets() {
        line("## Targets");
        line("");
        line("| target | configuration | measured | met |");
        line("|---|---|---|---|");
        for (Configuration configuration : results.configurations()) {
            String name = configuration.label + (configuration.redisUp ? "" : " (informative)");
            results.pair(configuration, Series.DUPLICATES_TRIVIAL).ifPresent(pair -> {
                double target = Series.DUPLICATES_TRIVIAL.throughputTarget().orElseThrow();
                double ratio = pair.throughputRatio();
                double sql = counted(pair.idempotentCount(),
                        configuration.database == DatabaseCounters.Kind.MARIADB ? statements() : transactions());
                String unit = configuration.database == DatabaseCounters.Kind.MARIADB ? "SQL statements" : "transactions";
                line("| completed duplicates ≥ " + f1(target) + "× plain, 0 SQL | " + name + " | " + f2(ratio) + "×, "
                        + f2(sql) + " " + unit + "/req | " + yesNo(ratio >= target && sql < 0.01) + " |");
                ToDoubleFunction<Measurement> cpu = m -> m.perRequest(m.counters().serverCpuMicros());
                double cpuShare = Stats.median(pair.idempotent(), cpu) / Stats.median(pair.plain(), cpu);
                line("| server CPU per completed duplicate ≤ " + f0(100 * DUPLICATE_CPU_SHARE) + " % of plain | "
                        + name + " | " + f0(100 * cpuShare) + " % | " + yesNo(cpuShare <= DUPLICATE_CPU_SHARE) + " |");
            });
            results.pair(configuration, Series.UNIQUE_TRIVIAL).ifPresent(pair -> {
                double target = Series.UNIQUE_TRIVIAL.throughputTarget().orElseThrow();
                line("| unique keys, trivial work ≥ " + f2(target) + "× | " + name + " | "
                        + f2(pair.throughputRatio()) + "× | " + yesNo(pair.throughputRatio() >= target) + " |");
            });
            results.pair(configuration, Series.OPEN_LOOP_REALISTIC).ifPresent(pair -> {
                double p50 = Stats.median(pair.added(Report::p50Millis));
                double p99 = Stats.median(pair.added(Report::p99Millis));
                String load = "at " + f0(100 * ConfigurationRun.OPEN_LOOP_SHARE) + " % of plain capacity, "
                        + "realistic work";
                line("| p50 added ≤ 0.5 ms " + load + " | " + name + " | " + signed(p50) + " ms | "
                        + yesNo(p50 <= 0.5) + " |");
                line("| p99 added ≤ 2 ms " + load + " | " + name + " | " + signed(p99) + " ms | "
                        + yesNo(p99 <= 2) + " |");
            });
        }
        line("");
        line("0 SQL counts as met below 0.01 per request: MariaDB's counters are server-wide, and other programs "
                + "share the server.");
        line("");
    }

    private void writeRatioOverview() {
        // An open-loop series' throughput is its fixed rate: its overview is the added latency.
        List<Series> compared = settings.series().stream().filter(series -> !series.isOpenLoop()).toList();
        if (compared.isEmpty()) {
            return;
        }
        line("## Throughput of B ÷ A");
        line("");
        line("![B ÷ A throughput per series and configuration](benchmarks-e2e.png)");
        line("");
        StringBuilder header = new StringBuilder("| series |");
        StringBuilder rule = new StringBuilder("|---|");
        for (Configuration configuration : results.configurations()) {
            header.append(' ').append(configuration.label).append(" |");
            rule.append("---|");
        }
        line(header.toString());
        line(rule.toString());
        for (Series series : compared) {
            StringBuilder row = new StringBuilder("| " + series.label + " |");
            for (Configuration configuration : results.configurations()) {
                row.append(' ').append(results.pair(configuration, series).map(pair -> "**"
                        + f2(pair.throughputRatio()) + "** (" + pair.throughputRatios().stream().map(Report::f2)
                        .collect(Collectors.joining(", ")) + ")").orElse("–")).append(" |");
            }
            line(row.toString());
        }
        line("");
    }

    /** B − A latency of the open-loop series per configuration: median of the pairs, each pair listed. */
    private void writeAddedLatencyOverview() {
        List<Configuration> measured = results.configurations().stream()
                .filter(configuration -> results.pair(configuration, Series.OPEN_LOOP_REALISTIC).isPresent())
                .toList();
        if (measured.isEmpty()) {
            return;
        }
        line("## Latency added at a steady load (B − A, open loop)");
        line("");
        line("Unique keys, realistic work, at " + f0(100 * ConfigurationRun.OPEN_LOOP_SHARE) + " % of the plain "
                + "endpoint's closed-loop capacity; latency from each request's intended send time. Median of the "
                + "round pairs (each pair).");
        line("");
        StringBuilder header = new StringBuilder("| percentile |");
        StringBuilder rule = new StringBuilder("|---|");
        for (Configuration configuration : measured) {
            header.append(' ').append(configuration.label).append(" |");
            rule.append("---|");
        }
        line(header.toString());
        line(rule.toString());
        Map<String, ToDoubleFunction<Measurement>> percentiles = new LinkedHashMap<>();
        percentiles.put("p50", Report::p50Millis);
        percentiles.put("p99", Report::p99Millis);
        percentiles.put("p99.9", Report::p999Millis);
        percentiles.forEach((name, value) -> {
            StringBuilder row = new StringBuilder("| " + name + " |");
            for (Configuration configuration : measured) {
                row.append(' ').append(added(results.pair(configuration, Series.OPEN_LOOP_REALISTIC).orElseThrow(),
                        value)).append(" |");
            }
            line(row.toString());
        });
        line("");
    }

    private void writeConfiguration(Configuration configuration) {
        line("## " + configuration.label);
        line("");
        String failure = results.failure(configuration);
        if (failure != null) {
            line("**Failed:** " + failure);
            line("");
        }
        if (results.pairs(configuration).isEmpty()) {
            return;
        }
        boolean mariadb = configuration.database == DatabaseCounters.Kind.MARIADB;
        writeClosedLoop(configuration, mariadb);
        writeOpenLoop(configuration);
        writeBursts(configuration, mariadb);
        writeDetails(configuration);
    }

    private void writeClosedLoop(Configuration configuration, boolean mariadb) {
        List<Results.Pair> closedLoop = results.pairs(configuration).stream()
                .filter(pair -> !pair.series().isBurst() && !pair.series().isOpenLoop()).toList();
        if (closedLoop.isEmpty()) {
            return;
        }
        line("| series | endpoint | req/s | p50 ms | p99 ms | replayed / 409 / other non-2xx / no answer "
                + "| server CPU µs/req "
                + "| Redis cmd/req | " + (mariadb ? "SQL stmt/req | commits/req" : "transactions/req")
                + " | rows written/req |");
        line("|---|---|---|---|---|---|---|---|---|---|" + (mariadb ? "---|" : ""));
        for (Results.Pair pair : closedLoop) {
            endpointRow(pair.series().label, "A plain", pair.plain(), pair.plainCount(), mariadb);
            endpointRow("", "B @Idempotent", pair.idempotent(), pair.idempotentCount(), mariadb);
            line("| | **B ÷ A** | **" + f2(pair.throughputRatio()) + "** (" + pair.throughputRatios().stream()
                    .map(Report::f2).collect(Collectors.joining(", ")) + ") | "
                    + ratio(pair, Report::p50Millis) + " | " + ratio(pair, Report::p99Millis) + " | | "
                    + ratio(pair, m -> m.perRequest(m.counters().serverCpuMicros())) + " | "
                    + ratio(pair, m -> m.perRequest(m.counters().redisCallsTotal())) + " | "
                    + (mariadb ? countedRatio(pair, statements()) + " | " : "")
                    + countedRatio(pair, transactions()) + " | " + countedRatio(pair, rowsWritten()) + " |");
        }
        line("");
    }

    private void endpointRow(String series, String endpoint, List<Measurement> rounds, Measurement count,
                             boolean mariadb) {
        line("| " + series + " | " + endpoint + " | " + f0(Stats.median(rounds, m -> m.load().requestsPerSecond()))
                + " | " + f1(Stats.median(rounds, Report::p50Millis)) + " | "
                + f1(Stats.median(rounds, Report::p99Millis)) + " | " + statusCounts(rounds) + " | "
                + f0(Stats.median(rounds, m -> m.perRequest(m.counters().serverCpuMicros()))) + " | "
                + f2(Stats.median(rounds, m -> m.perRequest(m.counters().redisCallsTotal()))) + " | "
                + (mariadb ? f2(counted(count, statements())) + " | " : "")
                + f2(counted(count, transactions())) + " | " + f2(counted(count, rowsWritten())) + " |");
    }

    private void writeOpenLoop(Configuration configuration) {
        List<Results.Pair> openLoop = results.pairs(configuration).stream().filter(pair -> pair.series().isOpenLoop())
                .toList();
        for (Results.Pair pair : openLoop) {
            double rate = results.targetRate(configuration, pair.series());
            line("Open loop, " + pair.series().closedLoop.label + ": " + f0(rate) + " req/s, "
                    + f0(100 * ConfigurationRun.OPEN_LOOP_SHARE) + " % of A's closed-loop req/s; latency from each "
                    + "request's intended send time.");
            line("");
            line("| endpoint | target req/s | achieved req/s | p50 ms | p99 ms | p99.9 ms | non-2xx / no answer "
                    + "| server CPU µs/req | harness CPU µs/req |");
            line("|---|---|---|---|---|---|---|---|---|");
            openLoopRow("A plain", rate, pair.plain());
            openLoopRow("B @Idempotent", rate, pair.idempotent());
            line("| **B − A** | | | " + added(pair, Report::p50Millis) + " | " + added(pair, Report::p99Millis)
                    + " | " + added(pair, Report::p999Millis) + " | | " + added(pair,
                    m -> m.perRequest(m.counters().serverCpuMicros()),
                    v -> String.format(Locale.ROOT, "%+.0f", v)) + " | |");
            line("");
        }
    }

    private void openLoopRow(String endpoint, double rate, List<Measurement> rounds) {
        line("| " + endpoint + " | " + f0(rate) + " | " + f0(Stats.median(rounds, m -> m.load().requestsPerSecond()))
                + " | " + f2(Stats.median(rounds, Report::p50Millis)) + " | "
                + f2(Stats.median(rounds, Report::p99Millis)) + " | " + f2(Stats.median(rounds, Report::p999Millis))
                + " | " + sum(rounds, m -> m.load().non2xx()) + " / " + sum(rounds, m -> m.load().socketErrors())
                + " | " + f0(Stats.median(rounds, m -> m.perRequest(m.counters().serverCpuMicros()))) + " | "
                + f0(Stats.median(rounds, m -> m.perRequest(generatorMicros(m)))) + " |");
    }

    /** "**+0.42** (+0.40, +0.45, +0.51)": B − A, median of the pairs, each pair. */
    private static String added(Results.Pair pair, ToDoubleFunction<Measurement> value) {
        return added(pair, value, Report::signed);
    }

    private static String added(Results.Pair pair, ToDoubleFunction<Measurement> value,
                                Function<Double, String> format) {
        List<Double> added = pair.added(value);
        return "**" + format.apply(Stats.median(added)) + "** (" + added.stream().map(format)
                .collect(Collectors.joining(", ")) + ")";
    }

    /**
     * The load generator's CPU: wrk's, or for an open-loop series the harness's own (it generates the load; its
     * counter snapshots count too, which at a low rate is most of it).
     */
    private static long generatorMicros(Measurement m) {
        return m.counters().cpuMicros().get(m.series().isOpenLoop() ? "harness" : "loader");
    }

    private void writeBursts(Configuration configuration, boolean mariadb) {
        List<Results.Pair> bursts = results.pairs(configuration).stream().filter(pair -> pair.series().isBurst())
                .toList();
        if (bursts.isEmpty()) {
            return;
        }
        line("Same-key bursts (all requests released together, one key per burst). Executions: the business rows "
                + "each burst left, per round.");
        line("");
        line("| burst | endpoint | req/s | p50 ms | p99 ms | 201 / replayed / 409 / other / no answer | executions "
                + "| server CPU µs/req | Redis cmd/req | " + (mariadb ? "SQL stmt/req" : "transactions/req") + " |");
        line("|---|---|---|---|---|---|---|---|---|---|");
        for (Results.Pair pair : bursts) {
            burstRow(pair.series().label, "A plain", pair.plain(), pair.plainCount(), mariadb);
            burstRow("", "B @Idempotent", pair.idempotent(), pair.idempotentCount(), mariadb);
        }
        line("");
    }

    private void burstRow(String series, String endpoint, List<Measurement> rounds, Measurement count,
                          boolean mariadb) {
        line("| " + series + " | " + endpoint + " | " + f0(Stats.median(rounds, m -> m.load().requestsPerSecond()))
                + " | " + f1(Stats.median(rounds, Report::p50Millis)) + " | "
                + f1(Stats.median(rounds, Report::p99Millis)) + " | "
                + sum(rounds, m -> m.load().count(201)) + " / " + sum(rounds, m -> m.load().replayed()) + " / "
                + sum(rounds, m -> m.load().count(409)) + " / "
                + sum(rounds, m -> m.load().unexpectedNon2xx()) + " / " + sum(rounds, m -> m.load().socketErrors())
                + " | " + rounds.stream().map(m -> Long.toString(m.executions())).collect(Collectors.joining(", "))
                + " | " + f0(Stats.median(rounds, m -> m.perRequest(m.counters().serverCpuMicros()))) + " | "
                + f2(Stats.median(rounds, m -> m.perRequest(m.counters().redisCallsTotal()))) + " | "
                + f2(counted(count, mariadb ? statements() : transactions())) + " |");
    }

    /** Where the CPU went, the Redis commands and database counters by kind, and how busy the machine was. */
    private void writeDetails(Configuration configuration) {
        line("<details><summary>Details: CPU by process, Redis commands and database counters per request "
                + "(medians)</summary>");
        line("");
        line("| series | endpoint | CPU µs/req Payara / Redis / database | load generator µs/req | Redis calls/req | "
                + "database counters/req | other programs' CPU |");
        line("|---|---|---|---|---|---|---|");
        for (Results.Pair pair : results.pairs(configuration)) {
            detailRow(pair.series().label, "A", pair.plain(), pair.plainCount());
            detailRow("", "B", pair.idempotent(), pair.idempotentCount());
        }
        line("");
        line("</details>");
        line("");
    }

    private void detailRow(String series, String endpoint, List<Measurement> rounds, Measurement count) {
        String cpu = List.of("payara", "redis", "database").stream()
                .map(group -> f0(Stats.median(rounds, m -> m.perRequest(m.counters().cpuMicros().get(group)))))
                .collect(Collectors.joining(" / "));
        line("| " + series + " | " + endpoint + " | " + cpu + " | "
                + f0(Stats.median(rounds, m -> m.perRequest(generatorMicros(m)))) + " | "
                + perRequestMedians(rounds, m -> m.counters().redisCalls()) + " | "
                + (count == null ? "–" : perRequestMedians(List.of(count), m -> m.counters().sql())) + " | "
                + f0(Stats.median(rounds, m -> otherProgramsPercent(m.counters()))) + " % |");
    }

    /** "name 1.00, other 2.00" for every counter that moved in any round, per request, medians over the rounds. */
    private static String perRequestMedians(List<Measurement> rounds,
                                            Function<Measurement, Map<String, Long>> counters) {
        Map<String, Double> medians = new TreeMap<>();
        rounds.forEach(m -> counters.apply(m).keySet().forEach(name -> medians.put(name, 0.0)));
        medians.replaceAll((name, zero) -> Stats.median(rounds,
                m -> m.perRequest(counters.apply(m).getOrDefault(name, 0L))));
        String listed = medians.entrySet().stream().filter(entry -> Math.abs(entry.getValue()) >= 0.005)
                .map(entry -> entry.getKey() + " " + f2(entry.getValue())).collect(Collectors.joining(", "));
        return listed.isEmpty() ? "–" : listed;
    }

    private static String statusCounts(List<Measurement> rounds) {
        return sum(rounds, m -> m.load().replayed()) + " / " + sum(rounds, m -> m.load().count(409)) + " / "
                + sum(rounds, m -> m.load().unexpectedNon2xx()) + " / " + sum(rounds, m -> m.load().socketErrors());
    }

    /** B ÷ A of the rounds' medians; "–" where A is about 0 (Redis commands of the plain endpoint). */
    private static String ratio(Results.Pair pair, ToDoubleFunction<Measurement> value) {
        return ratio(Stats.median(pair.plain(), value), Stats.median(pair.idempotent(), value));
    }

    private static String countedRatio(Results.Pair pair, ToDoubleFunction<Measurement> value) {
        return ratio(counted(pair.plainCount(), value), counted(pair.idempotentCount(), value));
    }

    private static String ratio(double plain, double idempotent) {
        return Double.isNaN(plain) || Math.abs(plain) < 0.01 ? "–" : f2(idempotent / plain);
    }

    /** A database figure per request, from the counting pass; NaN when there is none. */
    private static double counted(Measurement count, ToDoubleFunction<Measurement> value) {
        return count == null ? Double.NaN : value.applyAsDouble(count);
    }

    private static ToDoubleFunction<Measurement> statements() {
        return m -> {
            Long statements = m.configuration().database.statements(m.counters().sql());
            return statements == null ? Double.NaN : m.perRequest(statements);
        };
    }

    private static ToDoubleFunction<Measurement> transactions() {
        return m -> m.perRequest(m.configuration().database.transactions(m.counters().sql()));
    }

    private static ToDoubleFunction<Measurement> rowsWritten() {
        return m -> m.perRequest(m.configuration().database.rowsWritten(m.counters().sql()));
    }

    private static double p50Millis(Measurement measurement) {
        return measurement.load().p50Micros() / 1000.0;
    }

    private static double p99Millis(Measurement measurement) {
        return measurement.load().p99Micros() / 1000.0;
    }

    private static double p999Millis(Measurement measurement) {
        return measurement.load().p999Micros() / 1000.0;
    }

    private static long sum(List<Measurement> rounds, ToLongFunction<Measurement> value) {
        return rounds.stream().mapToLong(value).sum();
    }

    private static String yesNo(boolean met) {
        return met ? "yes" : "**no**";
    }

    static String f0(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.0f", value);
    }

    static String f1(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.1f", value);
    }

    static String f2(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.2f", value);
    }

    /** A difference with its sign: +0.42, −0.10. */
    private static String signed(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%+.2f", value);
    }

    private void line(String text) {
        out.append(text).append('\n');
    }
}
