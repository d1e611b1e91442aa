package io.idempo.testing.redis;

import io.idempo.testing.ChildProcesses;
import io.idempo.testing.ScratchDirectory;
import io.idempo.testing.net.LoopbackPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A redis-server of the test's own on a free loopback port, run as a child process and killed through its own
 * {@link Process} handle, so that a test can crash, restart, flush or pause it without touching the shared Redis at
 * 6379. Like the shared one it keeps nothing on disk: a restart comes back empty. {@code DEBUG} is allowed from
 * localhost ({@code DEBUG SLEEP} hangs it). Commands go over a fresh connection each ({@link RespConnection}), so
 * that they work while the client under test has lost its connections.
 *
 * <p>The port is chosen when it is created ({@link #onFreePort()}), so that an application's configuration can name
 * it before {@link #start()}; {@link #started()} does both. Needs {@code redis-server} on the PATH.
 */
public final class RedisProcess implements AutoCloseable {

    private static final long START_TIMEOUT_SECONDS = 10;

    private final int port;
    private ScratchDirectory directory;
    private volatile Process process;

    private RedisProcess(int port) {
        this.port = port;
    }

    /** A server on a free port, not started yet. */
    public static RedisProcess onFreePort() {
        return new RedisProcess(LoopbackPorts.free());
    }

    /** A server on a free port, started: it answers {@code PING}. */
    public static RedisProcess started() throws IOException {
        RedisProcess redis = onFreePort();
        redis.start();
        return redis;
    }

    public int port() {
        return port;
    }

    /** {@code redis://127.0.0.1:<port>}. */
    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** Starts the server, or starts it again, empty, after {@link #kill()}; returns once it answers. */
    public void start() throws IOException {
        if (isAlive()) {
            throw new IllegalStateException("redis-server on port " + port + " runs already: kill it first");
        }
        if (directory == null) {
            directory = ScratchDirectory.create("idempo-redis-" + port + "-", this::kill);
        }
        Path log = directory.path().resolve("redis.log");
        process = new ProcessBuilder("redis-server", "--port", String.valueOf(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", directory.path().toString(),
                "--enable-debug-command", "local", "--loglevel", "warning")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (true) {
            try {
                if ("PONG".equals(RespConnection.call("127.0.0.1", port, "PING"))) {
                    return;
                }
            } catch (UncheckedIOException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("redis-server did not start on port " + port + ": "
                            + Files.readString(log), notYet);
                }
            }
            ChildProcesses.pause(20);
        }
    }

    /** Starts the server unless it runs (after a test that killed it, say). */
    public void ensureRunning() throws IOException {
        if (!isAlive()) {
            start();
        }
    }

    /** {@code kill -9}: the server and every key in it are gone at once, with no error to the clients. */
    public void kill() {
        if (isAlive()) {
            ChildProcesses.kill(process, "redis-server");
        }
    }

    /** {@code FLUSHALL}: the data vanishes while the server stays up. */
    public void flushAll() {
        command("FLUSHALL");
    }

    /** Lets every key under {@code prefix} expire within a millisecond: values gone before their TTL. */
    public void expireAll(String prefix) {
        command("EVAL", "for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('PEXPIRE', k, 1) end return 0",
                "0", prefix + "*");
    }

    /**
     * One command on a fresh connection; its reply (a String, Long, List or null). An error reply fails: use
     * {@link RespConnection} for a test that expects one.
     */
    public Object command(String... arguments) {
        Object reply = RespConnection.call("127.0.0.1", port, arguments);
        if (reply instanceof RespConnection.ErrorReply error) {
            throw new IllegalStateException("redis-server on port " + port + " refused " + String.join(" ", arguments)
                    + ": " + error.message());
        }
        return reply;
    }

    /** Runs a command on its own thread, for one that blocks the server ({@code DEBUG SLEEP}). */
    public Thread sendInBackground(String... arguments) {
        Thread thread = new Thread(() -> RespConnection.call("127.0.0.1", port, arguments), "redis-" + arguments[0]);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** {@code INFO commandstats} as command name to calls, the measuring {@code INFO} left out. */
    public Map<String, Long> commandCalls() {
        try (RespConnection redis = RespConnection.open("127.0.0.1", port)) {
            return RedisInfo.commandCalls(redis);
        }
    }

    /** Kills the server and deletes its directory. */
    @Override
    public void close() {
        kill();
        if (directory != null) {
            directory.close();
        }
    }
}
