package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * CPU time from Linux's {@code /proc}, in microseconds: per process ({@code utime + stime} of
 * {@code /proc/<pid>/stat}, all its threads), of this JVM's reaped children (the load generator), and of the whole
 * machine ({@code /proc/stat}). The kernel counts in ticks of {@code 1 / CLK_TCK} s, 10 ms on Linux x86_64: a round
 * of several seconds makes that resolution irrelevant.
 */
public final class ProcessCpu {

    private static final long MICROS_PER_TICK = 1_000_000 / clockTicksPerSecond();

    private ProcessCpu() {
    }

    /** The CPU time {@code pid} has used so far, or empty when it is gone. */
    public static OptionalLong micros(long pid) {
        String[] fields = statFields(pid);
        return fields == null ? OptionalLong.empty()
                : OptionalLong.of((Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * MICROS_PER_TICK);
    }

    /** This JVM's own CPU time. */
    public static long selfMicros() {
        return micros(ProcessHandle.current().pid()).orElseThrow();
    }

    /** The CPU time of this JVM's children that have exited and been waited for: the wrk runs. */
    static long reapedChildrenMicros() {
        String[] fields = statFields(ProcessHandle.current().pid());
        return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * MICROS_PER_TICK;
    }

    /** The parent of {@code pid}, or empty when it is gone. */
    static OptionalLong parent(long pid) {
        String[] fields = statFields(pid);
        return fields == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(fields[1]));
    }

    /** The processes whose command name ({@code /proc/<pid>/comm}) is one of {@code names}. */
    static List<Long> named(String... names) {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            for (Path entry : entries.filter(path -> path.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String comm = Files.readString(entry.resolve("comm"), StandardCharsets.US_ASCII).strip();
                    if (List.of(names).contains(comm)) {
                        pids.add(Long.valueOf(entry.getFileName().toString()));
                    }
                } catch (NoSuchFileException gone) {
                    // exited while we looked
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pids;
    }

    /** The busy CPU time of all cores together (everything but idle and iowait) since boot. */
    static long machineBusyMicros() {
        try {
            String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).split("\\s+");
            long busy = 0;
            for (int i = 1; i < cpu.length && i <= 8; i++) {
                if (i != 4 && i != 5) { // idle, iowait
                    busy += Long.parseLong(cpu[i]);
                }
            }
            return busy * MICROS_PER_TICK;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fields of {@code /proc/<pid>/stat} after the command name, from the state on (field 3 is index 0). */
    private static String[] statFields(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (NoSuchFileException gone) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long clockTicksPerSecond() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String ticks = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            getconf.waitFor();
            return Long.parseLong(ticks);
        } catch (IOException | NumberFormatException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}
