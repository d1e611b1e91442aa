package io.idempo.benchmarks;

import java.util.List;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** Clean-up and counters of the local Redis for the Redis benchmarks. */
public final class RedisKeys {

    private RedisKeys() {
    }

    /** Unlinks every key that starts with {@code prefix}; returns how many. */
    static long unlinkAll(String prefix) {
        try (RedisClient redis = RedisClient.create(RedisClientBenchmark.HOST, RedisClientBenchmark.PORT)) {
            return unlinkAll(redis, prefix);
        }
    }

    /** Unlinks every key that starts with {@code prefix} through {@code redis}; returns how many. */
    public static long unlinkAll(UnifiedJedis redis, String prefix) {
        ScanParams match = new ScanParams().match(prefix + "*").count(1_000);
        long unlinked = 0;
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = redis.scan(cursor, match);
            List<String> keys = page.getResult();
            if (!keys.isEmpty()) {
                unlinked += redis.unlink(keys.toArray(String[]::new));
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return unlinked;
    }
}
