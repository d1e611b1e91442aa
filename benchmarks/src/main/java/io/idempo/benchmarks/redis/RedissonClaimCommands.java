package io.idempo.benchmarks.redis;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.redis.jedis.RedisScripts;
import io.idempo.redis.jedis.RedisValue;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.CompletedCall;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.redisson.Redisson;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * {@link JedisClaimStore}'s commands through Redisson, configured as the runtime configured it while Redisson was its
 * client: plain {@code EVAL} (no script cache), 500 ms timeouts ({@link RedisClients#TIMEOUT_MILLIS}), no retries,
 * a pool of {@link RedisClients#DEFAULT_POOL_SIZE} connections.
 */
public final class RedissonClaimCommands implements ClaimCommands {

    private final RedissonClient redisson;
    private final String prefix;

    public RedissonClaimCommands(String address, String prefix) {
        Config config = new Config();
        config.setLazyInitialization(true);
        config.setUseScriptCache(false);
        config.useSingleServer()
                .setAddress(address)
                .setConnectionMinimumIdleSize(1)
                .setConnectionPoolSize(RedisClients.DEFAULT_POOL_SIZE)
                .setConnectTimeout(RedisClients.TIMEOUT_MILLIS)
                .setTimeout(RedisClients.TIMEOUT_MILLIS)
                .setRetryAttempts(0);
        this.redisson = Redisson.create(config);
        this.prefix = prefix;
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        List<Object> found = redisson.getScript(StringCodec.INSTANCE).eval(RScript.Mode.READ_WRITE,
                RedisScripts.CLAIM, RScript.ReturnType.LIST, List.<Object>of(prefix + keyHash),
                RedisValue.held(token, fingerprint), String.valueOf(timeout.toMillis()));
        return RedisScripts.claimResult(found);
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        redisson.<String>getBucket(prefix + keyHash, StringCodec.INSTANCE).set(RedisValue.completed(call), ttl);
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        String value = redisson.<String>getBucket(prefix + keyHash, StringCodec.INSTANCE).get();
        return value == null ? Optional.empty() : Optional.ofNullable(RedisValue.parseCompleted(value));
    }

    @Override
    public void close() {
        redisson.shutdown();
    }
}
