package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The example WAR on Payara Micro as a child process, launched as the end-to-end suite launches it
 * ({@code -Xmx512m -XX:+UseSerialGC}, {@code --nocluster}, a root directory of its own), with only the given
 * application variables plus {@code IDEMPO_LOAD_ENDPOINTS=true}. Its output goes to {@code <work-dir>/<name>.log}.
 */
final class PayaraServer {

    private static final List<String> JVM_OPTIONS = List.of("-Xmx512m", "-XX:+UseSerialGC");
    /** Generous: other programs may be using the two cores while it starts. */
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(240);
    private static final List<String> APP_VARIABLES = List.of("DB_URL", "DB_USER", "DB_PASSWORD", "REDIS_URL",
            "IDEMPO_REDIS_PREFIX", "IDEMPO_DEMO_FAULTS", "IDEMPO_LOAD_ENDPOINTS", "PORT");

    private final Process process;
    private final int port;
    private final Path root;
    private final Path log;

    private PayaraServer(Process process, int port, Path root, Path log) {
        this.process = process;
        this.port = port;
        this.root = root;
        this.log = log;
    }

    /** Starts the server and waits until the app answers. */
    static PayaraServer start(E2eSettings settings, String name, Map<String, String> environment)
            throws IOException, InterruptedException {
        Files.createDirectories(settings.workDir());
        Path root = settings.workDir().resolve(name);
        Path log = settings.workDir().resolve(name + ".log");
        int port = freePort();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-jar", settings.payaraMicro().toString(), "--deploy", settings.war().toString(),
                "--contextroot", "/", "--port", Integer.toString(port), "--nocluster", "--rootdir", root.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeAll(APP_VARIABLES);
        builder.environment().putAll(environment);
        builder.environment().put("IDEMPO_LOAD_ENDPOINTS", "true");
        PayaraServer server = new PayaraServer(builder.start(), port, root, log);
        try {
            server.awaitReady();
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.stop();
            throw e;
        }
        return server;
    }

    long pid() {
        return process.pid();
    }

    URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Stops the server (SIGTERM, then SIGKILL after 30 s) and deletes its directory; the log stays. */
    void stop() throws IOException, InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    /** Ready when the load endpoints answer; a failed deployment fails at once, naming the log. */
    private void awaitReady() throws IOException, InterruptedException {
        HttpCalls http = new HttpCalls(baseUri());
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Payara Micro exited with " + process.exitValue() + "; see " + log);
            }
            String output = Files.readString(log);
            if (output.contains("Exception while loading the app") || output.contains("Exception while deploying")) {
                throw new IllegalStateException("The WAR failed to deploy; see " + log);
            }
            if (http.isUp("/api/load/orders/trivial")) {
                return;
            }
            Thread.sleep(1_000);
        }
        throw new IllegalStateException("Payara Micro was not ready within " + STARTUP_TIMEOUT.toSeconds()
                + " s; see " + log);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
