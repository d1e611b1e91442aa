package io.idempo.redis.jedis;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import java.time.Duration;
import java.util.List;

/**
 * The Lua scripts a Redis claim store runs, each on one key ({@code KEYS[1]}), and how to read the claim script's
 * answer. They name no client: public so that a store on another Redis client (the benchmarks send them through
 * Lettuce and Redisson) runs these very scripts on these very values ({@link RedisValue}) rather than copies.
 */
public final class RedisScripts {

    /**
     * Returns {value} for a completed call, {value, pttl} for a held claim (when to retry), else claims the key
     * ({@code ARGV[1]}: the held value, {@code ARGV[2]}: its timeout in milliseconds) and returns an empty list. A
     * completed duplicate, the common case, costs one command inside the script.
     */
    public static final String CLAIM = """
            local value = redis.call('GET', KEYS[1])
            if value then
              if string.sub(value, 1, 2) == 'C\\n' then
                return {value}
              end
              return {value, redis.call('PTTL', KEYS[1])}
            end
            redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
            return {}
            """;

    /**
     * Deletes the key only while it is still held by the caller's token ({@code ARGV[1]}: the held values' prefix,
     * {@link RedisValue#heldPrefix}).
     */
    public static final String RELEASE = """
            local value = redis.call('GET', KEYS[1])
            if value and string.sub(value, 1, string.len(ARGV[1])) == ARGV[1] then
              return redis.call('DEL', KEYS[1])
            end
            return 0
            """;

    /**
     * Extends the key's expiry ({@code ARGV[2]}, milliseconds) only while it is still held by the caller's token
     * ({@code ARGV[1]}, as for {@link #RELEASE}).
     */
    public static final String RENEW = """
            local value = redis.call('GET', KEYS[1])
            if value and string.sub(value, 1, string.len(ARGV[1])) == ARGV[1] then
              return redis.call('PEXPIRE', KEYS[1], ARGV[2])
            end
            return 0
            """;

    private RedisScripts() {
    }

    /** What the {@link #CLAIM} script's answer means (a list of a string and, for a held claim, a number). */
    public static ClaimResult claimResult(List<?> found) {
        if (found == null || found.isEmpty()) {
            return new ClaimResult.Claimed();
        }
        String value = (String) found.get(0);
        CompletedCall completed = RedisValue.parseCompleted(value);
        if (completed != null) {
            return new ClaimResult.Done(completed);
        }
        long remainingMillis = ((Number) found.get(1)).longValue();
        return new ClaimResult.Held(RedisValue.heldFingerprint(value), Duration.ofMillis(Math.max(remainingMillis, 1)));
    }
}
