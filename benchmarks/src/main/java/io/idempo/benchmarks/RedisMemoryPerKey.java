package io.idempo.benchmarks;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.spi.CompletedCall;
import java.time.Duration;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * What one completed key costs the local Redis: writes {@value #KEYS} completed calls through {@link JedisClaimStore}
 * (the runtime's client and commands, keys as the engine names them, the default 24-hour TTL) and reads
 * {@code used_memory} of {@code INFO memory} before, after, and once they are removed again. The keys start with
 * {@code rbench:}, as long as the default prefix {@code idempo:}.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar io.idempo.benchmarks.RedisMemoryPerKey</pre>
 */
public final class RedisMemoryPerKey {

    private static final int KEYS = 100_000;

    private RedisMemoryPerKey() {
    }

    public static void main(String[] args) throws InterruptedException {
        CompletedCall answer = StoredAnswer.created();
        try (UnifiedJedis jedis = RedisClients.failFast(
                "redis://" + RedisClientBenchmark.HOST + ":" + RedisClientBenchmark.PORT);
             RedisClient redis = RedisClient.create(RedisClientBenchmark.HOST, RedisClientBenchmark.PORT)) {
            JedisClaimStore store = new JedisClaimStore(jedis, RedisClientBenchmark.KEY_PREFIX);
            RedisKeys.unlinkAll(RedisClientBenchmark.KEY_PREFIX);
            String firstHash = keyHash(0);
            long keysBefore = redis.dbSize();
            long before = usedMemory(redis);
            for (int i = 0; i < KEYS; i++) {
                store.complete(i == 0 ? firstHash : keyHash(i), answer, Duration.ofHours(24));
            }
            long after = usedMemory(redis);
            long keysAfter = redis.dbSize();
            String firstKey = RedisClientBenchmark.KEY_PREFIX + firstHash;
            long valueBytes = redis.strlen(firstKey);
            Long memoryUsage = redis.memoryUsage(firstKey);
            long unlinked = RedisKeys.unlinkAll(RedisClientBenchmark.KEY_PREFIX);
            Thread.sleep(1_000);
            long afterRemoval = usedMemory(redis);
            long keysAfterRemoval = redis.dbSize();

            System.out.printf("stored value: %d bytes (entity %d bytes), key: %d bytes, MEMORY USAGE of one key: %d%n",
                    valueBytes, StoredAnswer.entityBytes(), firstKey.length(), memoryUsage);
            System.out.printf("keys in the database: %d before, %d after writing, %d after removing (%d unlinked)%n",
                    keysBefore, keysAfter, keysAfterRemoval, unlinked);
            System.out.printf("used_memory: %d before, %d after writing, %d after removing%n",
                    before, after, afterRemoval);
            System.out.printf("bytes per key: %.1f (writing), %.1f (removing)%n",
                    (after - before) / (double) KEYS, (after - afterRemoval) / (double) KEYS);
        }
    }

    /** A key hash as the engine computes it, for a client key of an order action. */
    private static String keyHash(int i) {
        return new RecordKey("orders.create", "", "order-" + i).hash();
    }

    private static long usedMemory(RedisClient redis) {
        for (String line : redis.info("memory").split("\r\n")) {
            if (line.startsWith("used_memory:")) {
                return Long.parseLong(line.substring("used_memory:".length()));
            }
        }
        throw new IllegalStateException("INFO memory has no used_memory line");
    }
}
