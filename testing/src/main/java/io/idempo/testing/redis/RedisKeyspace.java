package io.idempo.testing.redis;

import java.util.ArrayList;
import java.util.List;

/**
 * The keys under one prefix of the test's own on a Redis that others use too (the shared one at 6379): counted and
 * deleted with {@code SCAN} and {@code DEL} only. Never anything server-wide (no {@code FLUSHALL}, no {@code KEYS},
 * no {@code CONFIG RESETSTAT}).
 *
 * @param url    {@code redis://host:port}
 * @param prefix a literal prefix, such as {@code idempo:e2e-1a2b3c4d:}
 */
public record RedisKeyspace(String url, String prefix) {

    /** The shortest prefix accepted: a short one could be someone else's too. */
    private static final int MIN_PREFIX_LENGTH = 8;

    public RedisKeyspace {
        if (prefix.length() < MIN_PREFIX_LENGTH || prefix.contains("*") || prefix.contains("?")
                || prefix.contains("[")) {
            throw new IllegalArgumentException("A literal prefix of the test's own, at least " + MIN_PREFIX_LENGTH
                    + " characters: " + prefix);
        }
    }

    /** How many keys start with the prefix. */
    public long count() {
        try (RespConnection redis = open()) {
            return keys(redis).size();
        }
    }

    /** Deletes the keys that start with the prefix; returns how many there were. */
    public int deleteAll() {
        try (RespConnection redis = open()) {
            List<String> keys = keys(redis);
            for (int from = 0; from < keys.size(); from += 1000) {
                List<String> command = new ArrayList<>(List.of("DEL"));
                command.addAll(keys.subList(from, Math.min(keys.size(), from + 1000)));
                reply(redis, command.toArray(String[]::new));
            }
            return keys.size();
        }
    }

    private RespConnection open() {
        return RespConnection.open(url);
    }

    private List<String> keys(RespConnection redis) {
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
            throw new IllegalStateException("Redis refused " + command[0] + ": " + error.message());
        }
        return reply;
    }
}
