package io.idempo.messaging.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The broker's own control tool (root on this machine), to close connections from the server side as an operator
 * or a failing node would. Only the test's own connections, found by their client-provided name: the broker is
 * shared, so {@code close_all_connections} is never used.
 */
public final class Rabbitmqctl {

    private static final Pattern PID = Pattern.compile("^(<[^>]+>)");

    private Rabbitmqctl() {
    }

    /** Closes every connection named {@code connectionName}; returns how many there were. */
    public static int closeConnections(String connectionName) throws IOException, InterruptedException {
        List<String> pids = new ArrayList<>();
        for (String line : run("list_connections", "-q", "--no-table-headers", "pid", "client_properties")) {
            Matcher pid = PID.matcher(line);
            if (pid.find() && line.contains("\"" + connectionName + "\"")) {
                pids.add(pid.group(1));
            }
        }
        for (String pid : pids) {
            run("close_connection", pid, "test");
        }
        return pids.size();
    }

    private static List<String> run(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("rabbitmqctl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("rabbitmqctl " + String.join(" ", arguments) + " failed: " + output);
        }
        return output.lines().toList();
    }
}
