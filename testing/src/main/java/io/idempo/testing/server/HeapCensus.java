package io.idempo.testing.server;

import io.idempo.testing.ChildProcesses;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Counts live objects of a class in another JVM of this machine with {@code jcmd <pid> GC.class_histogram}, which
 * collects the heap first: what a test of class-loader leaks reads after an application was undeployed.
 */
public final class HeapCensus {

    private HeapCensus() {
    }

    /** Live instances of {@code className} (summed over every class loader that loaded a class of that name). */
    public static long liveInstances(long pid, String className) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        ChildProcesses.Output histogram = ChildProcesses.run(List.of(jcmd.toString(), Long.toString(pid),
                "GC.class_histogram"), Duration.ofSeconds(60));
        if (histogram.exitCode() != 0) {
            throw new IllegalStateException("jcmd " + pid + " GC.class_histogram failed: " + histogram.text());
        }
        long instances = 0;
        for (String line : histogram.text().lines().toList()) {
            String[] columns = line.trim().split("\\s+");
            // "  17:   4  256  org.jboss.modules.ModuleClassLoader (org.jboss.modules@2.1.5.Final)"
            if (columns.length >= 4 && columns[0].endsWith(":") && columns[3].equals(className)) {
                instances += Long.parseLong(columns[1]);
            }
        }
        return instances;
    }
}
