package io.idempo.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A temporary directory for the files of servers a fixture runs as child processes (configuration, logs), with a
 * shutdown hook that kills them should the test JVM end without closing the fixture. {@link #close()} removes both.
 */
public final class ScratchDirectory implements AutoCloseable {

    private final Path directory;
    private Thread shutdownHook;

    private ScratchDirectory(Path directory, Thread shutdownHook) {
        this.directory = directory;
        this.shutdownHook = shutdownHook;
    }

    /** A new directory named {@code prefix...}; {@code killServers} runs if the JVM ends before {@link #close()}. */
    public static ScratchDirectory create(String prefix, Runnable killServers) throws IOException {
        Path directory = Files.createTempDirectory(prefix);
        Thread hook = new Thread(killServers, directory.getFileName() + "-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        return new ScratchDirectory(directory, hook);
    }

    public Path path() {
        return directory;
    }

    /** Removes the shutdown hook (kill the servers first) and deletes the directory. */
    @Override
    public void close() {
        if (shutdownHook != null) {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
            shutdownHook = null;
        }
        try {
            ChildProcesses.deleteTree(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
