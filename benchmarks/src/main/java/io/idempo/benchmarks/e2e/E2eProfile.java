package io.idempo.benchmarks.e2e;

import io.idempo.testing.database.TestSchema;
import io.idempo.testing.redis.RedisInfo;
import io.idempo.testing.redis.RespConnection;
import io.idempo.testing.server.PayaraMicroServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Where the example app spends its CPU and its allocations per request, on Payara Micro with PostgreSQL and Redis:
 * the plain endpoint, a first call and a completed duplicate of the {@code @Idempotent} one (trivial work), each
 * under wrk's load for a while with a JDK Flight Recorder recording around it. Writes
 * {@code docs/benchmarks-e2e-profile.md} and keeps the recordings under the work directory. Run it with
 * {@code benchmarks/e2e/profile.sh}; besides {@link E2eSettings}' properties (e2e.connections, e2e.primed-keys,
 * the servers) it reads e2e.profile-seconds (30, per recorded phase) and e2e.profile-warmup-seconds (15, per phase
 * and pass; two passes after the start).
 */
public final class E2eProfile {

    private static final Configuration CONFIGURATION = Configuration.POSTGRESQL_REDIS;
    /** Deep enough for a Payara request: Grizzly's worker loop at the bottom, the JDBC driver at the top. */
    private static final int STACK_DEPTH = 512;
    private static final int WARMUP_PASSES = 2;

    private E2eProfile() {
    }

    public static void main(String[] args) throws Exception {
        E2eSettings settings = E2eSettings.fromSystemProperties();
        Duration recorded = Duration.ofSeconds(Long.getLong("e2e.profile-seconds", 30));
        Duration warmup = Duration.ofSeconds(Long.getLong("e2e.profile-warmup-seconds", 15));
        String runId = UUID.randomUUID().toString().substring(0, 6);
        Instant started = Instant.now();
        RunEnvironment environment = new RunEnvironment(settings);
        Path recordings = settings.workDir().resolve("profile-" + runId);
        Files.createDirectories(recordings);
        TestSchema schema = CONFIGURATION.database.database("idempo_e2e_" + runId + "_profile");
        PayaraMicroServer server = ExampleServer.of(settings, CONFIGURATION, schema);
        List<PhaseProfile> profiles = new ArrayList<>();
        try (RespConnection redis = RespConnection.open(settings.redisUrl());
             DatabaseCounters database = DatabaseCounters.open(CONFIGURATION.database, schema)) {
            environment.note(CONFIGURATION.database.name(), database.version());
            environment.note("Redis", RedisInfo.field(redis, "server", "redis_version"));
        }
        log("starting Payara Micro (" + schema.url() + ")");
        server.start(runId + "-profile");
        try {
            Map<String, String> primed = PrimedKeys.prime(server, Series.DUPLICATES_TRIVIAL,
                    "e2e-" + runId + "-primed-", settings.primedKeys());
            FlightRecording.configureStackDepth(server.pid(), STACK_DEPTH);
            Phases phases = new Phases(settings, server, runId, primed);
            Map<ProfilePhase, Double> unrecordedCpu = new EnumMap<>(ProfilePhase.class);
            for (int pass = 0; pass < WARMUP_PASSES; pass++) {
                for (ProfilePhase phase : ProfilePhase.values()) {
                    unrecordedCpu.put(phase, phases.serverCpuPerRequest(phase, warmup, "warm" + pass));
                }
            }
            for (ProfilePhase phase : ProfilePhase.values()) {
                profiles.add(phases.record(phase, recorded, recordings, unrecordedCpu.get(phase)));
                log(phase.label + ": " + profiles.get(profiles.size() - 1).load().requests() + " requests");
            }
        } finally {
            server.stop();
            log("stopped; dropped " + schema.name());
        }
        Duration took = Duration.between(started, Instant.now());
        Files.createDirectories(settings.docsDir());
        Path markdown = settings.docsDir().resolve("benchmarks-e2e-profile.md");
        Files.writeString(markdown, ProfileReport.markdown(settings, environment, profiles, runId, started, took,
                recorded, recordings));
        log("done in " + took.toMinutes() + " min: " + markdown);
    }

    /** Runs the phases' loads on the started server, each with key prefixes of its own. */
    private record Phases(E2eSettings settings, PayaraMicroServer server, String runId, Map<String, String> primed) {

        LoadResult load(ProfilePhase phase, Duration duration, String round) throws IOException, InterruptedException {
            Map<String, String> script = new HashMap<>(phase.wrkMode.equals("duplicates") ? primed : Map.of());
            script.put("LOAD_KEY_PREFIX", "e2e-" + runId + "-" + phase.id + "-" + round + "-");
            String path = (phase.wrkMode.equals("duplicates") ? Series.DUPLICATES_TRIVIAL : Series.UNIQUE_TRIVIAL)
                    .path(phase.idempotent);
            return Wrk.run(settings, server.baseUri().resolve(path), phase.wrkMode, duration, script);
        }

        /** Loads without a recording; the server's CPU time per request, for the recorder's overhead. */
        double serverCpuPerRequest(ProfilePhase phase, Duration duration, String round)
                throws IOException, InterruptedException {
            long cpuBefore = ProcessCpu.micros(server.pid()).orElseThrow();
            LoadResult load = load(phase, duration, round);
            return (double) (ProcessCpu.micros(server.pid()).orElseThrow() - cpuBefore) / load.requests();
        }

        PhaseProfile record(ProfilePhase phase, Duration duration, Path directory, double unrecordedCpuPerRequest)
                throws Exception {
            long cpuBefore = ProcessCpu.micros(server.pid()).orElseThrow();
            long machineBefore = ProcessCpu.machineBusyMicros();
            long started = System.nanoTime();
            FlightRecording recording = FlightRecording.start(server.pid(), phase.id);
            LoadResult load = load(phase, duration, "recorded");
            Path file = recording.stop(directory.resolve(phase.id + ".jfr"));
            long cpu = ProcessCpu.micros(server.pid()).orElseThrow() - cpuBefore;
            double machineBusy = (ProcessCpu.machineBusyMicros() - machineBefore) * 1000.0
                    / ((System.nanoTime() - started) * Runtime.getRuntime().availableProcessors());
            return PhaseProfile.read(phase, load, cpu, unrecordedCpuPerRequest, machineBusy, file);
        }
    }

    private static void log(String message) {
        System.out.printf("[e2e-profile] %s%n", message);
    }
}
