package io.idempo.benchmarks.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The profile as markdown: per phase the load, the CPU shares by component (self, nearest library, inclusive),
 * the call sites watched for a known cost, the top frames, idempo's methods by inclusive share, and the bytes
 * allocated per request.
 */
final class ProfileReport {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);
    private static final int TOP_FRAMES = 15;
    private static final int TOP_IDEMPO_METHODS = 12;
    /**
     * Call sites that the first profile found expensive, by inclusive share: JSON-P's {@code Json.createReader},
     * {@code createObjectBuilder}, ... look the provider up with a {@link java.util.ServiceLoader} on every call,
     * which on Payara scans the class path's jars; and class loading in general.
     */
    private static final List<String> WATCHED = List.of("jakarta.json.spi.JsonProvider.provider",
            "java.util.ServiceLoader$3.hasNext", "java.lang.ClassLoader.getResources",
            "java.lang.ClassLoader.loadClass");

    private final List<PhaseProfile> profiles;
    private final StringBuilder out = new StringBuilder();

    private ProfileReport(List<PhaseProfile> profiles) {
        this.profiles = profiles;
    }

    static String markdown(E2eSettings settings, RunEnvironment environment, List<PhaseProfile> profiles,
                           String runId, Instant started, Duration took, Duration recorded, Path recordings) {
        ProfileReport report = new ProfileReport(profiles);
        report.write(settings, environment, runId, started, took, recorded, recordings);
        return report.out.toString();
    }

    private void write(E2eSettings settings, RunEnvironment environment, String runId, Instant started,
                       Duration took, Duration recorded, Path recordings) {
        line("# End-to-end benchmark: profile");
        line("");
        line("Written by `benchmarks/e2e/profile.sh` (`io.idempo.benchmarks.e2e.E2eProfile`; run " + runId + ", "
                + TIME.format(started) + ", " + took.toMinutes() + " min); see [benchmarks.md](benchmarks.md#profile)"
                + " for the summary. The example app on Payara Micro with PostgreSQL and Redis, trivial work (one "
                + "INSERT); per phase, wrk (1 thread, " + settings.connections() + " connections) for "
                + recorded.toSeconds() + " s inside a JDK Flight Recorder recording (`jcmd JFR.start "
                + "settings=profile`: execution samples every 10 ms, stacks up to 512 frames, allocation samples), "
                + "after two warm-up passes over the three phases. Recordings: `"
                + recordings.getFileName() + "` under the work directory.");
        line("");
        line("- Machine: " + RunEnvironment.machine() + "; load average (1/5/15 min) " + environment.loadBefore()
                + " before the run, " + RunEnvironment.loadAverage() + " after.");
        line("- Software: " + environment.versions().entrySet().stream()
                .map(entry -> entry.getKey() + " " + entry.getValue()).collect(Collectors.joining("; ")) + ".");
        line("- The machine is shared: the percentages are what matters, not the request rates.");
        line("");
        writeLoad();
        writeAllocations();
        writeComponents();
        writeWatched();
        writeTopFrames();
        writeIdempoMethods();
    }

    private void writeLoad() {
        line("## Phases");
        line("");
        line("Server CPU: the JVM's `utime + stime` per request, during the recording and during the last "
                + "warm-up load of the same phase (no recording). Machine busy: every process on the two cores.");
        line("");
        line("| phase | requests | req/s | statuses | server CPU µs/req (no recording) | machine busy | execution "
                + "samples (on HTTP workers) | truncated stacks |");
        line("|---|---|---|---|---|---|---|---|");
        for (PhaseProfile profile : profiles) {
            ExecutionSamples samples = profile.samples();
            line("| " + profile.phase().label + " | " + profile.load().requests() + " | "
                    + Report.f0(profile.load().requestsPerSecond()) + " | " + profile.load().statuses() + " | "
                    + Report.f0(profile.perRequest(profile.serverCpuMicros())) + " ("
                    + Report.f0(profile.unrecordedCpuMicrosPerRequest()) + ") | "
                    + Report.f0(100 * profile.machineBusy()) + " % | " + samples.total + " ("
                    + Report.f0(samples.percent(samples.onWorkers)) + " %) | " + samples.truncated + " |");
        }
        line("");
    }

    private void writeAllocations() {
        line("## Allocation per request");
        line("");
        line("Bytes allocated during the recording divided by the requests wrk counted in it. Exact: the deltas of "
                + "`jdk.ThreadAllocationStatistics` (each thread's allocated bytes, written at the recording's start "
                + "and end). Sampled: the sum of `jdk.ObjectAllocationSample` weights, an estimate of the same. "
                + "HTTP workers: Payara's `http-thread-pool` threads, which run the requests; all threads adds "
                + "Grizzly's selectors, the log writer, the pools' and Redis's background threads and the recorder.");
        line("");
        line("| phase | exact, HTTP workers B/req | exact, all threads B/req | sampled, HTTP workers B/req | "
                + "sampled, all threads B/req |");
        line("|---|---|---|---|---|");
        for (PhaseProfile profile : profiles) {
            RecordedAllocations allocations = profile.allocations();
            line("| " + profile.phase().label + " | " + bytes(profile.perRequest(allocations.exact(true))) + " | "
                    + bytes(profile.perRequest(allocations.exact(false))) + " | "
                    + bytes(profile.perRequest(allocations.sampled(true))) + " | "
                    + bytes(profile.perRequest(allocations.sampled(false))) + " |");
        }
        line("");
    }

    private void writeComponents() {
        line("## CPU by component");
        line("");
        line("Percent of the execution samples (every Java thread). **Self**: the component of the top frame. "
                + "**Nearest library**: the first frame from the top that is not the JDK's own (java.*, sun.*, ...), "
                + "so that a `HashMap.get` counts for whoever called it; JDK crypto and logging count as libraries. "
                + "**Inclusive**: the component is anywhere on the stack (the rows add up to more than 100 %). "
                + "Components by package: see `FrameComponent`.");
        line("");
        phaseColumns("component", ": self / nearest library / inclusive");
        for (FrameComponent component : FrameComponent.values()) {
            StringBuilder row = new StringBuilder("| " + component.label + " |");
            for (PhaseProfile profile : profiles) {
                ExecutionSamples samples = profile.samples();
                row.append(' ').append(percent(samples, samples.selfComponents.getOrDefault(component, 0L)))
                        .append(" / ").append(percent(samples, samples.nearestLibrary.getOrDefault(component, 0L)))
                        .append(" / ").append(percent(samples, samples.inclusiveComponents.getOrDefault(component, 0L)))
                        .append(" |");
            }
            line(row.toString());
        }
        line("");
    }

    /** A table's header and rule: the first column, then one per phase, its label followed by {@code suffix}. */
    private void phaseColumns(String first, String suffix) {
        StringBuilder header = new StringBuilder("| " + first + " |");
        StringBuilder rule = new StringBuilder("|---|");
        for (PhaseProfile profile : profiles) {
            header.append(' ').append(profile.phase().label).append(suffix).append(" |");
            rule.append("---|");
        }
        line(header.toString());
        line(rule.toString());
    }

    private void writeWatched() {
        line("## Watched call sites");
        line("");
        line("Percent of the samples with the method anywhere on the stack. `JsonProvider.provider()` is what "
                + "JSON-P's static `Json.createReader`, `Json.createObjectBuilder`, ... call each time: a "
                + "`ServiceLoader` lookup that scans the class path's jars (`ClassLoader.getResources`).");
        line("");
        phaseColumns("method", "");
        for (String method : WATCHED) {
            StringBuilder row = new StringBuilder("| `" + method + "` |");
            for (PhaseProfile profile : profiles) {
                ExecutionSamples samples = profile.samples();
                row.append(' ').append(percent(samples, samples.inclusiveMethods.getOrDefault(method, 0L)))
                        .append(" |");
            }
            line(row.toString());
        }
        line("");
    }

    private void writeTopFrames() {
        line("## Top " + TOP_FRAMES + " frames by self samples");
        line("");
        for (PhaseProfile profile : profiles) {
            ExecutionSamples samples = profile.samples();
            line("### " + profile.phase().label);
            line("");
            line("| # | frame (top of stack) | component | % of samples |");
            line("|---|---|---|---|");
            int rank = 1;
            for (Map.Entry<String, Long> frame : top(samples.selfFrames, TOP_FRAMES)) {
                line("| " + rank++ + " | `" + frame.getKey() + "` | "
                        + FrameComponent.of(frame.getKey()).label + " | " + percent(samples, frame.getValue()) + " |");
            }
            line("");
        }
    }

    private void writeIdempoMethods() {
        line("## idempo's methods by inclusive share");
        line("");
        line("Percent of the samples with the method anywhere on the stack (its callees included: the interceptor "
                + "around the business transaction includes the business work).");
        line("");
        for (PhaseProfile profile : profiles) {
            if (!profile.phase().idempotent) {
                continue;
            }
            ExecutionSamples samples = profile.samples();
            line("### " + profile.phase().label);
            line("");
            line("| method | inclusive % |");
            line("|---|---|");
            for (Map.Entry<String, Long> method : top(samples.inclusiveIdempoMethods, TOP_IDEMPO_METHODS)) {
                line("| `" + method.getKey() + "` | " + percent(samples, method.getValue()) + " |");
            }
            line("");
        }
    }

    private static List<Map.Entry<String, Long>> top(Map<String, Long> counts, int limit) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(limit).toList();
    }

    private static String percent(ExecutionSamples samples, long count) {
        return Report.f1(samples.percent(count));
    }

    private static String bytes(double value) {
        return String.format(Locale.ROOT, "%,.0f", value).replace(',', ' ');
    }

    private void line(String text) {
        out.append(text).append('\n');
    }
}
