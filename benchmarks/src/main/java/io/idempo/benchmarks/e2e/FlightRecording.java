package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A JDK Flight Recorder recording in another JVM, started and stopped with {@code jcmd}: the recording covers
 * exactly one phase of load, and the server needs no option at its start. The JDK's {@code profile} settings sample
 * execution every 10 ms, sample allocations (about 300 a second, weighted by the bytes they stand for) and write
 * every thread's allocated bytes at the recording's start and end.
 */
final class FlightRecording {

    private final long pid;
    private final String name;

    private FlightRecording(long pid, String name) {
        this.pid = pid;
        this.name = name;
    }

    /**
     * Deepens the recorded stacks from the default 64 frames, which cut a Payara request's stack off below Jersey;
     * only possible before the JVM's first recording.
     */
    static void configureStackDepth(long pid, int frames) throws IOException, InterruptedException {
        jcmd(pid, "JFR.configure", "stackdepth=" + frames);
    }

    static FlightRecording start(long pid, String name) throws IOException, InterruptedException {
        jcmd(pid, "JFR.start", "name=" + name, "settings=profile");
        return new FlightRecording(pid, name);
    }

    /** Stops the recording and writes it to {@code file}. */
    Path stop(Path file) throws IOException, InterruptedException {
        jcmd(pid, "JFR.stop", "name=" + name, "filename=" + file.toAbsolutePath());
        return file;
    }

    private static void jcmd(long pid, String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid)));
        line.addAll(List.of(command));
        Process jcmd = new ProcessBuilder(line).redirectErrorStream(true).start();
        String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = jcmd.waitFor();
        if (exit != 0 || output.contains("Could not") || output.contains("Exception")) {
            throw new IllegalStateException(String.join(" ", line) + " failed (" + exit + "):\n" + output);
        }
    }
}
