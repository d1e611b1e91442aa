package io.idempo.runtime.claim;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Claims in Redis through Redisson. Each claim is one {@code EVAL} round trip that either sets the key with
 * {@code NX PX} or returns what is there, so a completed duplicate costs one Redis command and no SQL.
 * {@code EVAL} (not {@code EVALSHA}) is used so that a Redis restart that empties the script cache cannot turn
 * into a silent fall-back to the database ({@link RedisClientConfig#failFast} turns off Redisson's script cache,
 * which would send {@code EVALSHA}). Values are plain strings ({@link StringCodec}); keys are prefixed.
 *
 * <p>Redis Cluster ({@link RedisClientConfig#failFastCluster}) works as it is: every script and command touches
 * exactly one key ({@code KEYS[1]}), so Redisson sends it to the master of that key's slot, and the keys (the
 * prefix carries no hash tag) spread over all masters. Keep it so: a script that touched a second key would fail
 * with {@code CROSSSLOT} unless both keys shared a hash tag.
 *
 * <p>Every call leaves the caller's thread without Netty's thread-locals ({@link NettyThreadLocals}): a server's
 * request threads outlive the deployment.
 *
 * <p>Errors propagate as Redisson exceptions: wrap the store in {@link FailOpenClaimStore} so that Redis trouble
 * degrades to the database instead of failing calls.
 */
public final class RedisClaimStore implements ClaimStore {

    /**
     * Returns {value} for a completed call, {value, pttl} for a held claim (when to retry), else claims the key and
     * returns an empty list. A completed duplicate, the common case, costs one command inside the script.
     * Package-visible so that the benchmarks send this very script through other Redis clients.
     */
    static final String CLAIM = """
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

    /** Deletes the key only while it is still held by the caller's token (the held value starts with it). */
    private static final String RELEASE = """
            local value = redis.call('GET', KEYS[1])
            if value and string.sub(value, 1, string.len(ARGV[1])) == ARGV[1] then
              return redis.call('DEL', KEYS[1])
            end
            return 0
            """;

    /** Extends the key's expiry only while it is still held by the caller's token. */
    private static final String RENEW = """
            local value = redis.call('GET', KEYS[1])
            if value and string.sub(value, 1, string.len(ARGV[1])) == ARGV[1] then
              return redis.call('PEXPIRE', KEYS[1], ARGV[2])
            end
            return 0
            """;

    private final RedissonClient redisson;
    private final String prefix;

    /** @param prefix prepended to every key, such as {@code "idempo:"}; lets several applications share a Redis */
    public RedisClaimStore(RedissonClient redisson, String prefix) {
        this.redisson = redisson;
        this.prefix = prefix;
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        try {
            List<Object> found = script().eval(RScript.Mode.READ_WRITE, CLAIM, RScript.ReturnType.LIST,
                    List.<Object>of(prefix + keyHash), RedisValue.held(token, fingerprint),
                    String.valueOf(timeout.toMillis()));
            return claimResult(found);
        } finally {
            NettyThreadLocals.clearOnCallerThread();
        }
    }

    /** What the {@link #CLAIM} script's answer means (a list of a string and, for a held claim, a number). */
    static ClaimResult claimResult(List<?> found) {
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

    @Override
    public boolean renew(String keyHash, String token, Duration timeout) {
        try {
            Long renewed = script().eval(RScript.Mode.READ_WRITE, RENEW, RScript.ReturnType.LONG,
                    List.<Object>of(prefix + keyHash), RedisValue.heldPrefix(token),
                    String.valueOf(timeout.toMillis()));
            return renewed != null && renewed == 1L;
        } finally {
            NettyThreadLocals.clearOnCallerThread();
        }
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        try {
            redisson.<String>getBucket(prefix + keyHash, StringCodec.INSTANCE).set(RedisValue.completed(call), ttl);
        } finally {
            NettyThreadLocals.clearOnCallerThread();
        }
    }

    @Override
    public void release(String keyHash, String token) {
        try {
            script().eval(RScript.Mode.READ_WRITE, RELEASE, RScript.ReturnType.LONG,
                    List.<Object>of(prefix + keyHash), RedisValue.heldPrefix(token));
        } finally {
            NettyThreadLocals.clearOnCallerThread();
        }
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        try {
            String value = redisson.<String>getBucket(prefix + keyHash, StringCodec.INSTANCE).get();
            return value == null ? Optional.empty() : Optional.ofNullable(RedisValue.parseCompleted(value));
        } finally {
            NettyThreadLocals.clearOnCallerThread();
        }
    }

    @Override
    public boolean isHeld(String keyHash) {
        try {
            String value = redisson.<String>getBucket(prefix + keyHash, StringCodec.INSTANCE).get();
            return value != null && RedisValue.heldFingerprint(value) != null;
        } finally {
            NettyThreadLocals.clearOnCallerThread();
        }
    }

    @Override
    public boolean forget(String keyHash) {
        try {
            return redisson.getBucket(prefix + keyHash, StringCodec.INSTANCE).delete();
        } finally {
            NettyThreadLocals.clearOnCallerThread();
        }
    }

    private RScript script() {
        return redisson.getScript(StringCodec.INSTANCE);
    }
}
