package io.idempo.redis.jedis;

import io.idempo.runtime.claim.FailOpenClaimStore;
import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.Completion;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.SetParams;

/**
 * Claims in Redis through Jedis. Each claim is one {@code EVAL} round trip ({@link RedisScripts#CLAIM}) that either
 * sets the key with {@code PX} or returns what is there, so a completed duplicate costs one Redis command and no SQL.
 * {@code EVAL} (not {@code EVALSHA}) is used so that a Redis restart that empties the script cache cannot turn
 * into a silent fall-back to the database: Jedis sends {@code EVAL} as asked, it keeps no script cache. Values are
 * plain strings ({@link RedisValue}); keys are prefixed.
 *
 * <p>Redis Cluster ({@link RedisClients#failFastCluster}) works as it is: every script and command touches exactly
 * one key ({@code KEYS[1]}), so Jedis sends it to the master of that key's slot, and the keys (the prefix carries
 * no hash tag) spread over all masters. Keep it so: a script that touched a second key would fail with
 * {@code CROSSSLOT} unless both keys shared a hash tag.
 *
 * <p>Jedis runs every command on the caller's thread and leaves no thread-local behind on it, so a server's pooled
 * request threads, which outlive the deployment, keep nothing of it.
 *
 * <p>Errors propagate as Jedis exceptions (unchecked: {@code JedisConnectionException} and the like): wrap the store
 * in {@link FailOpenClaimStore} so that Redis trouble degrades to the database instead of failing calls.
 */
public final class JedisClaimStore implements ClaimStore {

    private final UnifiedJedis jedis;
    private final String prefix;

    /**
     * @param jedis  from {@link RedisClients}, or the application's own client; it stays the caller's to close
     * @param prefix prepended to every key, such as {@code "idempo:"}; lets several applications share a Redis
     */
    public JedisClaimStore(UnifiedJedis jedis, String prefix) {
        this.jedis = jedis;
        this.prefix = prefix;
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        Object found = jedis.eval(RedisScripts.CLAIM, List.of(prefix + keyHash),
                List.of(RedisValue.held(token, fingerprint), String.valueOf(timeout.toMillis())));
        return RedisScripts.claimResult((List<?>) found);
    }

    @Override
    public boolean renew(String keyHash, String token, Duration timeout) {
        Object renewed = jedis.eval(RedisScripts.RENEW, List.of(prefix + keyHash),
                List.of(RedisValue.heldPrefix(token), String.valueOf(timeout.toMillis())));
        return renewed instanceof Long count && count == 1L;
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        jedis.set(prefix + keyHash, RedisValue.completed(call), SetParams.setParams().px(ttl.toMillis()));
    }

    /**
     * The completions in one pipeline, one round trip. A client that cannot pipeline (the cluster client of
     * {@link RedisClients#failFastCluster}, whose keys live on several masters) sends them one by one.
     */
    @Override
    public void completeAll(List<Completion> completions) {
        if (completions.size() > 1) {
            try (AbstractPipeline pipeline = jedis.pipelined()) {
                completions.forEach(completion -> pipeline.set(prefix + completion.keyHash(),
                        RedisValue.completed(completion.call()), SetParams.setParams().px(completion.ttl().toMillis())));
                pipeline.sync();
                return;
            } catch (UnsupportedOperationException noPipelines) {
                // fall through: one command per completion
            }
        }
        completions.forEach(completion -> complete(completion.keyHash(), completion.call(), completion.ttl()));
    }

    @Override
    public void release(String keyHash, String token) {
        jedis.eval(RedisScripts.RELEASE, List.of(prefix + keyHash), List.of(RedisValue.heldPrefix(token)));
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        String value = jedis.get(prefix + keyHash);
        return value == null ? Optional.empty() : Optional.ofNullable(RedisValue.parseCompleted(value));
    }

    @Override
    public boolean isHeld(String keyHash) {
        String value = jedis.get(prefix + keyHash);
        return value != null && RedisValue.heldFingerprint(value) != null;
    }

    @Override
    public boolean forget(String keyHash) {
        return jedis.del(prefix + keyHash) > 0;
    }
}
