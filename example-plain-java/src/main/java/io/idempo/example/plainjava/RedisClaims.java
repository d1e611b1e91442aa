package io.idempo.example.plainjava;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.spi.ClaimStore;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis claim store, with the client it runs on: the application closes the client, the store never does.
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
        return new JedisClaimStore(client, prefix);
    }

    String location() {
        return "in Redis at " + url;
    }

    @Override
    public void close() {
        client.close();
    }
}
