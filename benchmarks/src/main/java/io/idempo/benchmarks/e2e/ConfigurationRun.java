package io.idempo.benchmarks.e2e;

import io.idempo.testing.database.TestSchema;
import io.idempo.testing.redis.RedisInfo;
import io.idempo.testing.redis.RespConnection;
import io.idempo.testing.server.PayaraMicroServer;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One configuration from start to end: a fresh database, Payara Micro on it (Redis under a key prefix of the
 * run's own, or at a closed port), a warm-up, then every series with the plain endpoint (A) and the
 * {@code @Idempotent} one (B) measured in alternating rounds, A B A B ...; then a counting pass per closed-loop
 * series and endpoint for the database counters; afterwards the server is stopped, the run's Redis keys deleted
 * and the database dropped.
 */
final class ConfigurationRun {

    /** After a round, the requests still in flight finish before the closing snapshot. */
    private static final Duration SETTLE = Duration.ofMillis(500);
    /** The load of a counting pass: a few thousand requests. */
    private static final Duration COUNTING_LOAD = Duration.ofSeconds(2);
    /** The open-loop rate, as a share of the plain endpoint's closed-loop capacity: a load the server carries. */
    static final double OPEN_LOOP_SHARE = 0.5;

    private final E2eSettings settings;
    private final Configuration configuration;
    private final String runId;
    private final RunEnvironment environment;
    private final Results results;
    /** The wrk script's variables per series, besides the key prefix (the primed keys of the duplicates). */
    private final Map<Series, Map<String, String>> scripts = new EnumMap<>(Series.class);

    private PayaraMicroServer server;
    private DatabaseCounters database;
    private Counters counters;
    private long nextBurstAmount = 1_000_000;

    private ConfigurationRun(E2eSettings settings, Configuration configuration, String runId,
                             RunEnvironment environment, Results results) {
        this.settings = settings;
        this.configuration = configuration;
        this.runId = runId;
        this.environment = environment;
        this.results = results;
    }

    /**
     * Runs every series of {@code settings} in {@code configuration} into {@code results}, round by round (so that
     * a failure keeps what was measured); notes the versions it meets.
     */
    static void run(E2eSettings settings, Configuration configuration, String runId, RunEnvironment environment,
                    Results results) throws Exception {
        new ConfigurationRun(settings, configuration, runId, environment, results).runAll();
    }

    private void runAll() throws Exception {
        TestSchema schema = configuration.database.database("idempo_e2e_" + runId + "_" + configuration.ordinal());
        server = ExampleServer.of(settings, configuration, schema);
        try (RespConnection redis = RespConnection.open(settings.redisUrl());
             DatabaseCounters counted = DatabaseCounters.open(configuration.database, schema)) {
            database = counted;
            environment.note(configuration.database.name(), database.version());
            environment.note("Redis", RedisInfo.field(redis, "server", "redis_version"));
            log("starting Payara Micro (" + schema.url() + ")");
            try {
                server.start(runId + "-" + configuration.id);
                counters = new Counters(server.pid(), Long.parseLong(RedisInfo.field(redis, "server", "process_id")),
                        database, redis);
                prepareScripts();
                // A fresh JVM on two busy cores compiles for minutes: until then the first series' rounds measure
                // the JIT (seen with 6 s of warm-up: the plain endpoint gaining 70 % from round 1 to 3; with 12 s,
                // both endpoints' server CPU per request still falling by a quarter over the rounds).
                List<Series> closedLoopLoads = settings.series().stream().filter(series -> !series.isBurst())
                        .map(Series::closedLoopLoad).distinct().toList();
                long warmUntil = System.nanoTime() + settings.initialWarmup().toNanos();
                while (!closedLoopLoads.isEmpty() && System.nanoTime() < warmUntil) {
                    for (Series series : closedLoopLoads) {
                        warmUp(series, settings.warmup());
                    }
                }
                for (Series series : settings.series()) {
                    if (series.isBurst()) {
                        measureBursts(series);
                    } else if (series.isOpenLoop()) {
                        measureOpenLoop(series);
                    } else {
                        measureWrkSeries(series);
                    }
                }
                countDatabaseWork();
            } finally {
                String keys = server.tracksRedisKeys() ? server.redisKeyCount() + " Redis keys under "
                        + server.redisPrefix() : "no Redis keys";
                // The stop deletes the run's Redis keys and drops its database.
                server.stop();
                log("stopped; deleted " + keys + "; dropped " + schema.name());
            }
        }
    }

    /** The wrk script's variables of every series; completes the keys that the duplicates repeat. */
    private void prepareScripts() {
        for (Series series : settings.series()) {
            if ("duplicates".equals(series.wrkMode)) {
                scripts.put(series, primeKeys(series));
            }
            if ("mix".equals(series.wrkMode)) {
                // Eight rounds of every connection later, the key's first call has long been answered.
                scripts.put(series, Map.of("LOAD_RETRY_LAG", Integer.toString(8 * settings.connections())));
            }
        }
    }

    private void measureWrkSeries(Series series) throws Exception {
        warmUp(series, settings.warmup());
        for (int pair = 1; pair <= settings.pairs(); pair++) {
            for (boolean idempotent : new boolean[] {false, true}) {
                Counters.Snapshot before = counters.take();
                LoadResult load = runWrk(series, idempotent, settings.round(), "r" + pair);
                Thread.sleep(SETTLE.toMillis());
                record(new Measurement(configuration, series, idempotent, pair, load,
                        Counters.between(before, counters.take()), -1));
            }
        }
    }

    /**
     * Rounds at {@link #OPEN_LOOP_SHARE} of the plain endpoint's capacity, after a warm-up of each endpoint at that
     * rate (which warms the generator too: it runs in this JVM).
     */
    private void measureOpenLoop(Series series) throws Exception {
        double rate = OPEN_LOOP_SHARE * plainCapacity(series);
        results.targetRate(configuration, series, rate);
        for (boolean idempotent : new boolean[] {false, true}) {
            runOpenLoop(series, idempotent, rate, settings.warmup(), "warm");
        }
        for (int pair = 1; pair <= settings.pairs(); pair++) {
            for (boolean idempotent : new boolean[] {false, true}) {
                Counters.Snapshot before = counters.take();
                LoadResult load = runOpenLoop(series, idempotent, rate, settings.round(), "r" + pair);
                Thread.sleep(SETTLE.toMillis());
                record(new Measurement(configuration, series, idempotent, pair, load,
                        Counters.between(before, counters.take()), -1));
            }
        }
    }

    /**
     * The plain endpoint's closed-loop req/s with the open-loop series' requests: the median of its twin's A rounds
     * when those ran in this configuration, else a probe of one round.
     */
    private double plainCapacity(Series series) throws IOException, InterruptedException {
        List<Measurement> plainRounds = results.pair(configuration, series.closedLoop).map(Results.Pair::plain)
                .orElse(List.of());
        double capacity = plainRounds.isEmpty()
                ? runWrk(series.closedLoop, false, settings.round(), "probe").requestsPerSecond()
                : Stats.median(plainRounds, m -> m.load().requestsPerSecond());
        log(String.format("%s: plain capacity %.0f req/s (%s), open loop at %.0f req/s", series.id, capacity,
                plainRounds.isEmpty() ? "probe" : series.closedLoop.id + "'s A rounds", OPEN_LOOP_SHARE * capacity));
        return capacity;
    }

    private LoadResult runOpenLoop(Series series, boolean idempotent, double rate, Duration duration, String round)
            throws IOException {
        FixedRateLoad.Outcome outcome = FixedRateLoad.run(server.baseUri(), series.path(idempotent),
                keyPrefix(series, round + (idempotent ? "b" : "a")), rate, duration);
        log(String.format("%s %s %s: %d connections opened, sent late p99 %d µs", series.id, round,
                idempotent ? "B" : "A", outcome.connections(), outcome.dispatchLateP99Micros()));
        return outcome.load();
    }

    /** Completes {@link E2eSettings#primedKeys()} keys on the idempotent endpoint, for the duplicates to repeat. */
    private Map<String, String> primeKeys(Series series) {
        Map<String, String> script = PrimedKeys.prime(server, series, keyPrefix(series, "primed"),
                settings.primedKeys());
        log("primed " + settings.primedKeys() + " completed keys for " + series.id);
        return script;
    }

    private void measureBursts(Series series) throws Exception {
        for (boolean idempotent : new boolean[] {false, true}) {
            burst(series, idempotent, "warm");
        }
        for (int pair = 1; pair <= settings.pairs(); pair++) {
            for (boolean idempotent : new boolean[] {false, true}) {
                Counters.Snapshot before = counters.take();
                Burst burst = burst(series, idempotent, "r" + pair);
                Thread.sleep(SETTLE.toMillis());
                Counters.Delta delta = Counters.between(before, counters.take());
                record(new Measurement(configuration, series, idempotent, pair, burst.load(), delta,
                        database.ordersWithAmount(burst.amount())));
            }
        }
    }

    /**
     * The database counters per request, from one more load per series and endpoint whose counters are read once
     * the database has published them all: PostgreSQL publishes late (see {@link DatabaseCounters.Kind#publishDelay}),
     * which within the rounds would move part of one endpoint's counts into the next round, the other endpoint's.
     */
    private void countDatabaseWork() throws Exception {
        Duration delay = database.kind().publishDelay;
        Thread.sleep(delay.toMillis());
        for (Series series : settings.series()) {
            if (series.isOpenLoop()) {
                // The same requests as its closed-loop twin: the same database work per request.
                continue;
            }
            for (boolean idempotent : new boolean[] {false, true}) {
                Counters.Snapshot before = counters.take();
                LoadResult load = series.isBurst() ? burst(series, idempotent, "count").load()
                        : runWrk(series, idempotent, COUNTING_LOAD, "count");
                Thread.sleep(Math.max(SETTLE.toMillis(), delay.toMillis()));
                record(new Measurement(configuration, series, idempotent, Measurement.COUNTING_PASS, load,
                        Counters.between(before, counters.take()), -1));
            }
        }
    }

    private record Burst(LoadResult load, long amount) {
    }

    /** One burst with a key and an amount of its own (the amount finds its rows afterwards). */
    private Burst burst(Series series, boolean idempotent, String round) throws InterruptedException {
        long amount = nextBurstAmount++;
        LoadResult load = SameKeyBurst.run(server.baseUri(), series.path(idempotent),
                keyPrefix(series, round + (idempotent ? "b" : "a")) + "key", LoadRequests.orderBody(0, amount),
                series.burstSize);
        return new Burst(load, amount);
    }

    /** Both endpoints, unmeasured: the JIT, the pools and the caches get to the state the rounds measure. */
    private void warmUp(Series series, Duration duration) throws IOException, InterruptedException {
        for (boolean idempotent : new boolean[] {false, true}) {
            runWrk(series, idempotent, duration, "warm" + System.nanoTime());
        }
    }

    private LoadResult runWrk(Series series, boolean idempotent, Duration duration, String round)
            throws IOException, InterruptedException {
        Map<String, String> script = new HashMap<>(scripts.getOrDefault(series, Map.of()));
        script.put("LOAD_KEY_PREFIX", keyPrefix(series, round + (idempotent ? "b" : "a")));
        return Wrk.run(settings, server.baseUri().resolve(series.path(idempotent)), series.wrkMode, duration, script);
    }

    /** Keeps the measurement and prints it, so that a long run shows its progress. */
    private void record(Measurement measurement) {
        results.add(measurement);
        LoadResult load = measurement.load();
        Counters.Delta counters = measurement.counters();
        String what = measurement.series().id + " "
                + (measurement.isCountingPass() ? "counting pass" : "round " + measurement.round()) + " "
                + (measurement.idempotent() ? "B @Idempotent" : "A plain");
        log(String.format("%s: %.0f req/s, p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms, statuses %s,"
                        + " replayed %d, no answer %d, server CPU %.0f µs/req, Redis %.2f/req, database %s,"
                        + " other programs %.0f %% CPU%s",
                what, load.requestsPerSecond(), load.p50Micros() / 1000.0, load.p99Micros() / 1000.0,
                load.p999Micros() / 1000.0, load.statuses(), load.replayed(), load.socketErrors(),
                measurement.perRequest(counters.serverCpuMicros()), measurement.perRequest(counters.redisCallsTotal()),
                counters.sql(), Report.otherProgramsPercent(counters),
                measurement.executions() >= 0 ? ", executions " + measurement.executions() : ""));
    }

    /** A key prefix unique to the run, configuration, series and round, so that no key repeats by accident. */
    private String keyPrefix(Series series, String round) {
        return "e2e-" + runId + "-" + configuration.ordinal() + "-" + series.ordinal() + "-" + round + "-";
    }

    private void log(String message) {
        System.out.printf("[e2e] %s: %s%n", configuration.id, message);
    }
}
