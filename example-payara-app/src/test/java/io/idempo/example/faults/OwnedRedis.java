package io.idempo.example.faults;

import io.idempo.runtime.testing.RespConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A redis-server of the test's own on a free loopback port, started as a child process and killed by PID, so that
 * a test can crash, restart and flush it without touching the shared Redis on 6379. Like the shared one it keeps
 * nothing on disk: a restart comes back empty. Tests use it through {@link RedisBehindProxy}.
 */
public final class OwnedRedis implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

    private final int port;
    private Path log;
    private Process process;

    /** Chooses the port now, so that the app's configuration can name it before {@link #start()}. */
    public OwnedRedis() {
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Kills the server and deletes its log. */
    @Override
    public void close() throws IOException, InterruptedException {
        kill();
        if (log != null) {
            Files.deleteIfExists(log);
        }
    }

    public int port() {
        return port;
    }

    /** {@code kill -9}: every claim and stored result is lost at once, with no error to the clients. */
    public void kill() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            if (!process.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException("redis-server " + process.pid() + " survived SIGKILL");
            }
        }
    }

    /** Starts the server unless it runs. */
    public void ensureRunning() throws IOException, InterruptedException {
        if (process == null || !process.isAlive()) {
            start();
        }
    }

    /** Starts the server, or starts it again, empty, after {@link #kill()}. */
    public void start() throws IOException, InterruptedException {
        if (log == null) {
            log = Files.createTempFile("owned-redis-" + port + "-", ".log");
        }
        process = new ProcessBuilder("redis-server", "--bind", "127.0.0.1", "--port", Integer.toString(port),
                "--save", "", "--appendonly", "no")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!accepts()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("redis-server on port " + port + " did not start: "
                        + Files.readString(log));
            }
            Thread.sleep(20);
        }
    }

    /** {@code FLUSHALL}: the data vanishes while the server stays up. */
    public void flushAll() {
        call("FLUSHALL");
    }

    /** Lets every key under {@code prefix} expire within a millisecond: results and claims gone before their TTL. */
    public void expireAll(String prefix) {
        call("EVAL", "for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('PEXPIRE', k, 1) end return 0",
                "0", prefix + "*");
    }

    /** Runs one command against this server and returns its reply; fails on an error reply. */
    public Object call(String... command) {
        Object reply = RespConnection.call("127.0.0.1", port, command);
        if (reply instanceof RespConnection.ErrorReply error) {
            throw new IllegalStateException("redis-server on port " + port + " refused " + String.join(" ", command)
                    + ": " + error.message());
        }
        return reply;
    }

    private boolean accepts() {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
