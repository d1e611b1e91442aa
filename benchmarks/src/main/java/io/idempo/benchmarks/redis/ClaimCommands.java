package io.idempo.benchmarks.redis;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisScripts;
import io.idempo.redis.jedis.RedisValue;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import java.time.Duration;
import java.util.Optional;

/**
 * The claim store's three commands on a call's way (the claim {@code EVAL}, the completion {@code SET PX}, the
 * completed lookup {@code GET}), so that the benchmarks can send them through other Redis clients than the claim
 * store's (Jedis), with the store's own script, values and reading of the script's answer ({@link RedisScripts},
 * {@link RedisValue}) rather than copies.
 */
public interface ClaimCommands extends AutoCloseable {

    ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout);

    void complete(String keyHash, CompletedCall call, Duration ttl);

    Optional<CompletedCall> completed(String keyHash);

    /** Closes the client underneath. */
    @Override
    void close();

    /** The claim store itself ({@link JedisClaimStore}): {@code close} closes {@code client}. */
    static ClaimCommands of(ClaimStore store, AutoCloseable client) {
        return new ClaimCommands() {
            @Override
            public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
                return store.claim(keyHash, token, fingerprint, timeout);
            }

            @Override
            public void complete(String keyHash, CompletedCall call, Duration ttl) {
                store.complete(keyHash, call, ttl);
            }

            @Override
            public Optional<CompletedCall> completed(String keyHash) {
                return store.completed(keyHash);
            }

            @Override
            public void close() {
                try {
                    client.close();
                } catch (Exception e) {
                    throw new IllegalStateException("Could not close the Redis client", e);
                }
            }
        };
    }
}
