package io.idempo.benchmarks.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** The machine and the software a run measured, for the report. */
final class RunEnvironment {

    private final Map<String, String> versions = new LinkedHashMap<>();
    private final String loadBefore = loadAverage();

    RunEnvironment(E2eSettings settings) {
        versions.put("Java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        versions.put("Payara Micro", payaraVersion(settings.payaraMicro()));
        versions.put("wrk", wrkVersion());
    }

    /** Notes the version of something met during the run (a database server, Redis). */
    void note(String what, String version) {
        versions.put(what, version);
    }

    Map<String, String> versions() {
        return versions;
    }

    String loadBefore() {
        return loadBefore;
    }

    static String machine() {
        return Runtime.getRuntime().availableProcessors() + " CPUs (" + cpuModel() + "), "
                + String.format("%.1f GiB", memoryKib() / 1024.0 / 1024.0) + ", Linux "
                + read("/proc/sys/kernel/osrelease");
    }

    /** The 1, 5 and 15 minute load averages. */
    static String loadAverage() {
        String[] fields = read("/proc/loadavg").split(" ");
        return fields[0] + " / " + fields[1] + " / " + fields[2];
    }

    private static String cpuModel() {
        return read("/proc/cpuinfo").lines().filter(line -> line.startsWith("model name")).findFirst()
                .map(line -> line.substring(line.indexOf(':') + 1).strip()).orElse("unknown model");
    }

    private static long memoryKib() {
        return read("/proc/meminfo").lines().filter(line -> line.startsWith("MemTotal:")).findFirst()
                .map(line -> Long.parseLong(line.replaceAll("\\D", ""))).orElse(0L);
    }

    private static String payaraVersion(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry entry = zip.getEntry(
                    "META-INF/maven/fish.payara.server.internal.extras/payara-micro-boot/pom.properties");
            if (entry == null) {
                return jar.getFileName().toString();
            }
            Properties properties = new Properties();
            try (InputStream in = zip.getInputStream(entry)) {
                properties.load(in);
            }
            return properties.getProperty("version");
        } catch (IOException e) {
            return jar.getFileName() + " (unreadable: " + e.getMessage() + ")";
        }
    }

    private static String wrkVersion() {
        try {
            Process wrk = new ProcessBuilder("wrk", "-v").redirectErrorStream(true).start();
            String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            wrk.waitFor();
            // "wrk debian/4.1.0-3+b2 [epoll] Copyright ..."
            return output.lines().findFirst().orElse("unknown").replaceFirst("^wrk\\s+", "")
                    .replaceFirst("\\s+Copyright.*", "");
        } catch (IOException e) {
            throw new IllegalStateException("wrk is missing: apt-get install wrk (benchmarks/e2e/run.sh does)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
