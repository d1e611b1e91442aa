package io.idempo.benchmarks.e2e;

import io.idempo.runtime.testing.RespConnection;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The few RESP commands the harness sends to the shared Redis: {@code INFO} for its counters and process id, and
 * {@code SCAN}/{@code DEL} of the run's own key prefix. Never anything server-wide ({@code FLUSHALL},
 * {@code CONFIG RESETSTAT}, {@code KEYS}): other programs use the same Redis.
 */
final class RedisConnection implements AutoCloseable {

    private final RespConnection redis;

    private RedisConnection(RespConnection redis) {
        this.redis = redis;
    }

    /** Connects to {@code redis://host:port}. */
    static RedisConnection open(String url) {
        URI uri = URI.create(url);
        return new RedisConnection(RespConnection.open(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort()));
    }

    /**
     * Calls per command since the server started ({@code INFO commandstats}). Redis counts the commands a Lua script
     * runs as well: one {@code EVAL} whose script calls GET and PTTL counts as three.
     */
    Map<String, Long> commandCalls() {
        Map<String, Long> calls = new LinkedHashMap<>();
        for (String line : info("commandstats").split("\r\n")) {
            if (line.startsWith("cmdstat_")) {
                String command = line.substring("cmdstat_".length(), line.indexOf(':'));
                String stats = line.substring(line.indexOf(':') + 1);
                for (String stat : stats.split(",")) {
                    if (stat.startsWith("calls=")) {
                        calls.put(command, Long.parseLong(stat.substring("calls=".length())));
                    }
                }
            }
        }
        return calls;
    }

    long processId() {
        return Long.parseLong(infoField("server", "process_id"));
    }

    String version() {
        return infoField("server", "redis_version");
    }

    /** Deletes the keys that start with {@code prefix}, which must be the run's own; returns how many. */
    int deleteKeys(String prefix) {
        if (prefix.length() < 8 || prefix.contains("*")) {
            throw new IllegalArgumentException("A literal prefix of the run's own: " + prefix);
        }
        int deleted = 0;
        String cursor = "0";
        do {
            List<?> reply = (List<?>) call("SCAN", cursor, "MATCH", prefix + "*", "COUNT", "1000");
            cursor = (String) reply.get(0);
            List<String> command = new ArrayList<>(List.of("DEL"));
            for (Object key : (List<?>) reply.get(1)) {
                command.add((String) key);
            }
            if (command.size() > 1) {
                deleted += ((Long) call(command.toArray(String[]::new))).intValue();
            }
        } while (!cursor.equals("0"));
        return deleted;
    }

    @Override
    public void close() {
        redis.close();
    }

    private String infoField(String section, String field) {
        for (String line : info(section).split("\r\n")) {
            if (line.startsWith(field + ":")) {
                return line.substring(field.length() + 1).strip();
            }
        }
        throw new IllegalStateException("INFO " + section + " has no " + field);
    }

    private String info(String section) {
        return (String) call("INFO", section);
    }

    /** A reply; an error reply fails the run. */
    private Object call(String... command) {
        Object reply = redis.call(command);
        if (reply instanceof RespConnection.ErrorReply error) {
            throw new IllegalStateException("Redis refused " + command[0] + ": " + error.message());
        }
        return reply;
    }
}
