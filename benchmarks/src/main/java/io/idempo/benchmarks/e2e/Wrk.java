package io.idempo.benchmarks.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs wrk (Debian's package, a C event loop: one thread keeps the load generator's share of the two cores small)
 * with the benchmark's script, and reads the line the script prints at the end. Closed loop: each connection sends
 * its next request when the previous one is answered, so the throughput is the server's capacity and the latency
 * includes the queueing at that load.
 */
final class Wrk {

    private static final String RESULT_PREFIX = "E2E-RESULT ";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Wrk() {
    }

    /**
     * Sends {@code mode}'s request stream to {@code url} for {@code duration}.
     *
     * @param scriptEnvironment the script's LOAD_* variables besides the mode and the Authorization header
     */
    static LoadResult run(E2eSettings settings, URI url, String mode, Duration duration,
                          Map<String, String> scriptEnvironment) throws IOException, InterruptedException {
        List<String> command = List.of("wrk", "-t1", "-c" + settings.connections(), "-d" + duration.toSeconds() + "s",
                "--timeout", "10s", "-s", settings.wrkScript().toString(), url.toString());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(scriptEnvironment);
        builder.environment().put("LOAD_MODE", mode);
        builder.environment().put("LOAD_AUTHORIZATION", LoadRequests.AUTHORIZATION);
        Process wrk = builder.start();
        String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = wrk.waitFor();
        String line = output.lines().filter(candidate -> candidate.startsWith(RESULT_PREFIX)).findFirst()
                .orElseThrow(() -> new IllegalStateException("wrk exited with " + exit + " without a result:\n"
                        + output));
        return parse(line.substring(RESULT_PREFIX.length()));
    }

    private static LoadResult parse(String json) throws IOException {
        JsonNode result = JSON.readTree(json);
        Map<Integer, Long> statuses = new TreeMap<>();
        for (Map.Entry<String, JsonNode> status : result.get("statuses").properties()) {
            statuses.merge(Integer.valueOf(status.getKey()), status.getValue().asLong(), Long::sum);
        }
        return new LoadResult(result.get("requests").asLong(), result.get("durationMicros").asLong(),
                result.get("p50Micros").asLong(), result.get("p99Micros").asLong(), result.get("p999Micros").asLong(),
                statuses, result.get("replayed").asLong(), result.get("socketErrors").asLong());
    }
}
