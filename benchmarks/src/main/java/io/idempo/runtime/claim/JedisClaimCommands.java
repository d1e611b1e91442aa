package io.idempo.runtime.claim;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.SetParams;

/** {@link RedisClaimStore}'s commands through Jedis: the same script, values and keys. */
public final class JedisClaimCommands implements ClaimCommands {

    private final UnifiedJedis jedis;
    private final String prefix;

    public JedisClaimCommands(UnifiedJedis jedis, String prefix) {
        this.jedis = jedis;
        this.prefix = prefix;
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        Object found = jedis.eval(RedisClaimStore.CLAIM, List.of(prefix + keyHash),
                List.of(RedisValue.held(token, fingerprint), String.valueOf(timeout.toMillis())));
        return RedisClaimStore.claimResult((List<?>) found);
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        jedis.set(prefix + keyHash, RedisValue.completed(call), SetParams.setParams().px(ttl.toMillis()));
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        String value = jedis.get(prefix + keyHash);
        return value == null ? Optional.empty() : Optional.ofNullable(RedisValue.parseCompleted(value));
    }

    @Override
    public void close() {
        jedis.close();
    }
}
