package io.idempo.example.e2e;

import io.idempo.runtime.testing.RespConnection;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Looks at the shared Redis behind the app's back with a few RESP commands ({@code SCAN}, {@code DEL}): only keys
 * under a prefix of the test's own. Never anything server-wide (no {@code FLUSHALL}, no {@code KEYS}).
 */
final class RedisKeys {

    private final String host;
    private final int port;

    private RedisKeys(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** For {@code redis://host:port}. */
    static RedisKeys at(String url) {
        URI uri = URI.create(url);
        return new RedisKeys(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort());
    }

    /** How many keys start with {@code prefix}. */
    long count(String prefix) {
        try (RespConnection redis = RespConnection.open(host, port)) {
            return keys(redis, prefix).size();
        }
    }

    /** Deletes the keys that start with {@code prefix} (a prefix of the test's own). */
    void deleteAll(String prefix) {
        try (RespConnection redis = RespConnection.open(host, port)) {
            for (String key : keys(redis, prefix)) {
                reply(redis, "DEL", key);
            }
        }
    }

    private static List<String> keys(RespConnection redis, String prefix) {
        if (prefix.isEmpty() || prefix.contains("*")) {
            throw new IllegalArgumentException("A literal, non-empty prefix: " + prefix);
        }
        List<String> keys = new ArrayList<>();
        String cursor = "0";
        do {
            List<?> reply = (List<?>) reply(redis, "SCAN", cursor, "MATCH", prefix + "*", "COUNT", "1000");
            cursor = (String) reply.get(0);
            for (Object key : (List<?>) reply.get(1)) {
                keys.add((String) key);
            }
        } while (!cursor.equals("0"));
        return keys;
    }

    private static Object reply(RespConnection redis, String... command) {
        Object reply = redis.call(command);
        if (reply instanceof RespConnection.ErrorReply error) {
            throw new IllegalStateException("Redis refused " + String.join(" ", command) + ": " + error.message());
        }
        return reply;
    }
}
