package io.idempo.testing.redis;

import io.idempo.testing.ChildProcesses;
import io.idempo.testing.ScratchDirectory;
import io.idempo.testing.net.LoopbackPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Redis Cluster of the test's own: three masters without replicas, each a {@code redis-server} child process on
 * free loopback ports (no persistence), never the shared Redis at 6379. Ports are chosen when it is created, so
 * that its {@link #seeds()} can configure a server before the cluster runs; it starts in {@link #start()} and is
 * gone after {@link #close()} (the processes killed by their handles, the directory deleted). As a JUnit extension
 * ({@code @RegisterExtension static}) it runs for one test class; order it before an extension that needs it.
 *
 * <p>Needs {@code redis-server} and {@code redis-cli} (7.0 or later) on the PATH.
 */
public final class RedisCluster implements BeforeAllCallback, AfterAllCallback, AutoCloseable {

    /** The number of masters: the smallest cluster that {@code redis-cli --cluster create} accepts. */
    public static final int MASTERS = 3;

    /**
     * How long a silent node takes to be marked failed. Redis's default (15 s) would also make a restarted master
     * wait twice that to be accepted again; 2 s lets a test see both within seconds.
     */
    private static final int NODE_TIMEOUT_MILLIS = 2_000;
    private static final Duration STATE_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

    private final List<Integer> ports;
    /** The cluster bus ports, set explicitly: the implicit port + 10000 may be taken, or beyond 65535. */
    private final List<Integer> busPorts;
    private final Process[] processes = new Process[MASTERS];
    private ScratchDirectory scratch;
    private Path directory;

    private RedisCluster(List<Integer> ports, List<Integer> busPorts) {
        this.ports = ports;
        this.busPorts = busPorts;
    }

    /** Three masters on free loopback ports, not started yet. */
    public static RedisCluster threeMasters() {
        List<Integer> chosen = LoopbackPorts.free(2 * MASTERS);
        return new RedisCluster(chosen.subList(0, MASTERS), chosen.subList(MASTERS, 2 * MASTERS));
    }

    /** The client ports of the masters, node 0 to 2. */
    public List<Integer> ports() {
        return ports;
    }

    /** Every master's address, such as {@code redis://127.0.0.1:41234}: the seeds for a cluster client. */
    public List<String> seeds() {
        return ports.stream().map(port -> "redis://127.0.0.1:" + port).toList();
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    /** Starts the three nodes, joins them into a cluster, and waits until every node says it is {@code ok}. */
    public void start() throws IOException {
        // Should the test JVM end without closing it, the nodes must not outlive it.
        scratch = ScratchDirectory.create("idempo-redis-cluster-", this::killAll);
        directory = scratch.path();
        for (int node = 0; node < MASTERS; node++) {
            launch(node);
        }
        List<String> create = new ArrayList<>(List.of("--cluster", "create"));
        ports.forEach(port -> create.add("127.0.0.1:" + port));
        create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
        cli(create);
        awaitState("ok", IntStream.range(0, MASTERS).toArray());
    }

    /** {@code kill -9} of one master: its keys are gone, and its slots have no master until {@link #restart}. */
    public void kill(int node) {
        ChildProcesses.kill(processes[node], "redis-server");
    }

    public boolean isAlive(int node) {
        return processes[node] != null && processes[node].isAlive();
    }

    /**
     * Starts a killed master again on its ports, empty; it rejoins with its slots from its cluster config file.
     * Returns once every node says the cluster is {@code ok} (within twice the node timeout of its return).
     */
    public void restart(int node) throws IOException {
        if (isAlive(node)) {
            throw new IllegalStateException("kill node " + node + " before restarting it");
        }
        launch(node);
        awaitState("ok", IntStream.range(0, MASTERS).toArray());
    }

    /** What {@code node} says in {@code CLUSTER INFO}: {@code ok}, or {@code fail} once a master is missing. */
    public String state(int node) {
        for (String line : cli(List.of("-p", String.valueOf(ports.get(node)), "CLUSTER", "INFO")).split("\n")) {
            if (line.startsWith("cluster_state:")) {
                return line.substring("cluster_state:".length()).strip();
            }
        }
        throw new IllegalStateException("no cluster_state in CLUSTER INFO of node " + node);
    }

    /** Waits until each of {@code nodes} says {@code state} in {@code CLUSTER INFO}. */
    public void awaitState(String state, int... nodes) {
        long deadline = System.nanoTime() + STATE_TIMEOUT.toNanos();
        for (int node : nodes) {
            while (!state.equals(state(node))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("node " + node + " of the Redis Cluster on ports " + ports
                            + " did not reach cluster_state:" + state + " within " + STATE_TIMEOUT.toSeconds() + " s");
                }
                ChildProcesses.pause(100);
            }
        }
    }

    /** {@code DBSIZE} of each master, node 0 to 2 (a killed one must be restarted first). */
    public List<Long> keyCounts() {
        return ports.stream()
                .map(port -> Long.parseLong(cli(List.of("-p", String.valueOf(port), "DBSIZE")).strip()))
                .toList();
    }

    /** All keys in the cluster: the cluster is the test's own, so they are all the test's. */
    public long keyCount() {
        return keyCounts().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public void close() {
        killAll();
        if (scratch != null) {
            scratch.close();
        }
    }

    private void killAll() {
        for (int node = 0; node < MASTERS; node++) {
            if (isAlive(node)) {
                kill(node);
            }
        }
    }

    private void launch(int node) throws IOException {
        int port = ports.get(node);
        Path log = directory.resolve("redis-" + port + ".log");
        processes[node] = new ProcessBuilder("redis-server", "--port", String.valueOf(port),
                "--cluster-port", String.valueOf(busPorts.get(node)), "--bind", "127.0.0.1",
                "--cluster-enabled", "yes",
                "--cluster-config-file", directory.resolve("nodes-" + port + ".conf").toString(),
                "--cluster-node-timeout", String.valueOf(NODE_TIMEOUT_MILLIS),
                "--save", "", "--appendonly", "no", "--dir", directory.toString(), "--loglevel", "warning")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!LoopbackPorts.accepts(port)) {
            if (!processes[node].isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("redis-server did not start on port " + port + ": "
                        + Files.readString(log));
            }
            ChildProcesses.pause(20);
        }
    }

    /** Runs redis-cli with {@code arguments} and returns its output; a failure or error reply throws. */
    private String cli(List<String> arguments) {
        List<String> command = new ArrayList<>(List.of("redis-cli"));
        command.addAll(arguments);
        ChildProcesses.Output output = ChildProcesses.run(command, COMMAND_TIMEOUT);
        if (output.exitCode() != 0 || output.text().startsWith("ERR") || output.text().contains("[ERR]")) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + output.exitCode()
                    + "):\n" + output.text());
        }
        return output.text();
    }
}
