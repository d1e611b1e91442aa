package io.idempo.jakarta.internal;

import io.idempo.redis.jedis.JedisClaimStore;
import io.idempo.redis.jedis.RedisClients;
import io.idempo.runtime.spi.ClaimStore;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.CDI;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis claim store on Jedis. A {@code UnifiedJedis} bean of the application (a {@code RedisClient} or
 * {@code RedisClusterClient}) wins over {@code idempo.redis.address}, {@code idempo.redis.mode} and
 * {@code idempo.redis.pool-size}; a client created here is closed with the application.
 */
final class RedisClaims implements AutoCloseable {

    private final UnifiedJedis client;
    private final boolean owned;
    private final String description;

    private RedisClaims(UnifiedJedis client, boolean owned, String description) {
        this.client = client;
        this.owned = owned;
        this.description = description;
    }

    /** The application's UnifiedJedis bean, or one created for {@code servers}; null when neither exists. */
    static RedisClaims open(RedisServers servers) {
        Instance<UnifiedJedis> beans = CDI.current().select(UnifiedJedis.class);
        if (beans.isResolvable()) {
            return new RedisClaims(beans.get(), false, "redis (the application's UnifiedJedis)");
        }
        if (servers == null) {
            return null;
        }
        UnifiedJedis client = switch (servers.mode()) {
            case SINGLE -> RedisClients.failFast(servers.addresses().get(0), servers.poolSize());
            case CLUSTER -> RedisClients.failFastCluster(servers.addresses(), servers.poolSize());
        };
        return new RedisClaims(client, true, servers.description());
    }

    ClaimStore store(String prefix) {
        return new JedisClaimStore(client, prefix);
    }

    String description() {
        return description;
    }

    @Override
    public void close() {
        if (owned) {
            client.close();
        }
    }
}
