package io.idempo.example.plainjava;

import io.idempo.runtime.claim.RedisClaimStore;
import io.idempo.runtime.claim.RedisClients;
import io.idempo.runtime.spi.ClaimStore;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis claim store. The only class that touches Jedis, so that the example runs without Jedis on the class path
 * when REDIS_URL is not set.
 */
final class RedisClaims implements AutoCloseable {

    private final String url;
    private final UnifiedJedis client;

    private RedisClaims(String url, UnifiedJedis client) {
        this.url = url;
        this.client = client;
    }

    /** Fail-fast settings: a Redis that is down costs a call 500 ms at most, and the database decides alone. */
    static RedisClaims connect(String url) {
        return new RedisClaims(url, RedisClients.failFast(url));
    }

    ClaimStore store(String prefix) {
        return new RedisClaimStore(client, prefix);
    }

    String location() {
        return "in Redis at " + url;
    }

    @Override
    public void close() {
        client.close();
    }
}
