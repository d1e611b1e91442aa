package io.idempo.runtime.claim;

import io.idempo.runtime.testing.RespConnection;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A redis-server process of the test's own on a free loopback port (no persistence, DEBUG allowed from
 * localhost), which the test may kill, restart empty, flush or pause without touching the shared Redis. Commands
 * go through a minimal RESP client on a fresh socket each, so that they work while Redisson's connections are
 * broken. Killed only through its own {@link Process} handle.
 */
public final class RedisServer implements AutoCloseable {

    private final int port;
    private final Path directory;
    private volatile Process process;

    private RedisServer(int port) throws IOException {
        this.port = port;
        this.directory = Files.createTempDirectory("idempo-redis-");
        // Should the test JVM end without closing it, the server must not outlive it.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (isAlive()) {
                process.destroyForcibly();
            }
        }, "redis-server-" + port + "-cleanup"));
    }

    /** Starts a server on a free port and waits until it answers. */
    public static RedisServer start() throws IOException {
        RedisServer server = new RedisServer(freePort());
        server.launch();
        return server;
    }

    /** A loopback port that nothing listens on (free when this returns). */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("127.0.0.1", 0));
            return socket.getLocalPort();
        }
    }

    public int port() {
        return port;
    }

    /** The address for {@code RedisClientConfig.failFast}. */
    public String address() {
        return "redis://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** {@code kill -9}: the server and every claim in it are gone at once. */
    public void kill() {
        process.destroyForcibly();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("redis-server " + process.pid() + " did not die");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing redis-server " + process.pid(), e);
        }
    }

    /** Starts an empty server on the same port (after {@link #kill()}). */
    public void restart() throws IOException {
        if (isAlive()) {
            throw new IllegalStateException("kill the server before restarting it");
        }
        launch();
    }

    /** One command on a fresh connection: a String, Long, List, null or {@link RespConnection.ErrorReply}. */
    public Object command(String... arguments) {
        return command(port, arguments);
    }

    /** Runs one command on a fresh connection to any Redis on the loopback (such as the shared one at 6379). */
    public static Object command(int port, String... arguments) {
        return RespConnection.call("127.0.0.1", port, arguments);
    }

    /** Runs a command on its own thread, for one that blocks the server ({@code DEBUG SLEEP}). */
    public Thread sendInBackground(String... arguments) {
        Thread thread = new Thread(() -> command(arguments), "redis-" + arguments[0]);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** {@code INFO commandstats} as command name to number of calls (the measuring INFO calls excluded). */
    public Map<String, Long> commandCalls() {
        Map<String, Long> calls = new HashMap<>();
        for (String line : ((String) command("INFO", "commandstats")).split("\r\n")) {
            if (line.startsWith("cmdstat_")) {
                String name = line.substring("cmdstat_".length(), line.indexOf(':'));
                int start = line.indexOf("calls=") + "calls=".length();
                long count = Long.parseLong(line.substring(start, line.indexOf(',', start)));
                if (!name.equals("info")) {
                    calls.put(name, count);
                }
            }
        }
        return calls;
    }

    /** The commands (and their calls) that ran between two {@link #commandCalls()} snapshots. */
    public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new HashMap<>();
        after.forEach((name, count) -> {
            long difference = count - before.getOrDefault(name, 0L);
            if (difference != 0) {
                delta.put(name, difference);
            }
        });
        return delta;
    }

    @Override
    public void close() {
        if (isAlive()) {
            kill();
        }
        File[] files = directory.toFile().listFiles();
        if (files != null) {
            for (File file : files) {
                file.delete();
            }
        }
        directory.toFile().delete();
    }

    private void launch() throws IOException {
        process = new ProcessBuilder("redis-server", "--port", String.valueOf(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", directory.toString(),
                "--enable-debug-command", "local", "--loglevel", "warning")
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("redis.log").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                if ("PONG".equals(command("PING"))) {
                    return;
                }
            } catch (UncheckedIOException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("redis-server did not start on port " + port + ": "
                            + Files.readString(directory.resolve("redis.log")), notYet);
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
