package io.idempo.testing.redis;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a test reads from Redis's {@code INFO}: the calls per command (compare two snapshots with
 * {@link io.idempo.testing.CounterSnapshots#delta}), and single fields.
 */
public final class RedisInfo {

    private RedisInfo() {
    }

    /**
     * Calls per command since the server started ({@code INFO commandstats}), lower-case names, without the
     * {@code INFO} calls that measure. Redis counts the commands a Lua script runs as well: one {@code EVAL} whose
     * script calls GET and PTTL counts as three.
     */
    public static Map<String, Long> commandCalls(RespConnection redis) {
        Map<String, Long> calls = new LinkedHashMap<>();
        for (String line : info(redis, "commandstats").split("\r\n")) {
            if (line.startsWith("cmdstat_")) {
                String command = line.substring("cmdstat_".length(), line.indexOf(':'));
                for (String stat : line.substring(line.indexOf(':') + 1).split(",")) {
                    if (stat.startsWith("calls=") && !command.equals("info")) {
                        calls.put(command, Long.parseLong(stat.substring("calls=".length())));
                    }
                }
            }
        }
        return calls;
    }

    /** One field of an {@code INFO} section, such as {@code process_id} of {@code server}. */
    public static String field(RespConnection redis, String section, String field) {
        for (String line : info(redis, section).split("\r\n")) {
            if (line.startsWith(field + ":")) {
                return line.substring(field.length() + 1).strip();
            }
        }
        throw new IllegalStateException("INFO " + section + " has no " + field);
    }

    private static String info(RespConnection redis, String section) {
        Object reply = redis.call("INFO", section);
        if (!(reply instanceof String text)) {
            throw new IllegalStateException("INFO " + section + " answered " + reply);
        }
        return text;
    }
}
