package io.idempo.example.plainjava;

import io.idempo.runtime.claim.RedisClaimStore;
import io.idempo.runtime.claim.RedisClientConfig;
import io.idempo.runtime.spi.ClaimStore;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;

/**
 * The Redis claim store. The only class that touches Redisson, so that the example runs without Redisson on the class
 * path when REDIS_URL is not set.
 */
final class RedisClaims implements AutoCloseable {

    private final String url;
    private final RedissonClient client;

    private RedisClaims(String url, RedissonClient client) {
        this.url = url;
        this.client = client;
    }

    /** Fail-fast settings: a Redis that is down costs a call 500 ms at most, and the database decides alone. */
    static RedisClaims connect(String url) {
        return new RedisClaims(url, Redisson.create(RedisClientConfig.failFast(url)));
    }

    ClaimStore store(String prefix) {
        return new RedisClaimStore(client, prefix);
    }

    String location() {
        return "in Redis at " + url;
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
