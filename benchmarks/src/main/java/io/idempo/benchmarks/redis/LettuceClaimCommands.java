package io.idempo.benchmarks.redis;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisScripts;
import io.idempo.redis.jedis.RedisValue;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@link JedisClaimStore}'s commands through Lettuce's synchronous API on one connection (Lettuce multiplexes its
 * callers over it): the same script, values and keys.
 */
public final class LettuceClaimCommands implements ClaimCommands {

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final RedisCommands<String, String> redis;
    private final String prefix;

    public LettuceClaimCommands(RedisClient client, String prefix) {
        this.client = client;
        try {
            this.connection = client.connect();
        } catch (RuntimeException e) {
            client.shutdown();
            throw e;
        }
        this.redis = connection.sync();
        this.prefix = prefix;
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        List<Object> found = redis.eval(RedisScripts.CLAIM, ScriptOutputType.MULTI, new String[] {prefix + keyHash},
                RedisValue.held(token, fingerprint), String.valueOf(timeout.toMillis()));
        return RedisScripts.claimResult(found);
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        redis.set(prefix + keyHash, RedisValue.completed(call), SetArgs.Builder.px(ttl.toMillis()));
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        String value = redis.get(prefix + keyHash);
        return value == null ? Optional.empty() : Optional.ofNullable(RedisValue.parseCompleted(value));
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown();
    }
}
