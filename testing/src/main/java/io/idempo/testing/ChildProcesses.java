package io.idempo.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** What the fixtures that run servers as child processes share: killing one for sure, and removing its files. */
public final class ChildProcesses {

    /** How long a SIGKILLed process gets to be gone. */
    public static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);

    private ChildProcesses() {
    }

    /** {@code kill -9} of {@code process}, returning once it is gone; {@code what} names it in the failure. */
    public static void kill(Process process, String what) {
        process.destroyForcibly();
        try {
            if (!process.waitFor(KILL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException(what + " " + process.pid() + " survived SIGKILL for "
                        + KILL_TIMEOUT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing " + what + " " + process.pid(), e);
        }
    }

    /** Deletes {@code root} and everything under it; nothing if it does not exist (or is null). */
    public static void deleteTree(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** What a command printed (standard output and error together), and how it exited. */
    public record Output(int exitCode, String text) {
    }

    /**
     * Runs {@code command} to its end and returns its output; fails if it runs longer than {@code timeout}. The
     * output goes into a file rather than a pipe, so that a command that hangs cannot block the read past the
     * timeout.
     */
    public static Output run(List<String> command, Duration timeout) {
        try {
            Path output = Files.createTempFile("idempo-command-", ".out");
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(output.toFile()).start();
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " did not finish within "
                            + timeout.toSeconds() + " s");
                }
                return new Output(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + command.get(0) + ": is it installed?", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }

    /** Sleeps while a fixture polls a server; an interrupt becomes an unchecked failure of the fixture. */
    public static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a server", e);
        }
    }
}
