package io.idempo.jakarta.internal;

import io.idempo.runtime.claim.NettyThreadLocals;
import io.idempo.runtime.claim.RedisClaimStore;
import io.idempo.runtime.claim.RedisClientConfig;
import io.idempo.runtime.spi.ClaimStore;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.CDI;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * The Redis claim store, kept in a class of its own so that Redisson is loaded only when Redis is used: an
 * application without Redis does not need to ship it. A {@code RedissonClient} bean of the application wins over
 * {@code idempo.redis.address} and {@code idempo.redis.mode}; a client created here is shut down with the
 * application.
 */
final class RedisClaims implements AutoCloseable {

    private final RedissonClient client;
    private final boolean owned;
    private final String description;

    private RedisClaims(RedissonClient client, boolean owned, String description) {
        this.client = client;
        this.owned = owned;
        this.description = description;
    }

    /** The application's RedissonClient bean, or one created for {@code servers}; null when neither exists. */
    static RedisClaims open(RedisServers servers) {
        Instance<RedissonClient> beans = CDI.current().select(RedissonClient.class);
        if (beans.isResolvable()) {
            return new RedisClaims(beans.get(), false, "redis (the application's RedissonClient)");
        }
        if (servers == null) {
            return null;
        }
        Config config = switch (servers.mode()) {
            case SINGLE -> RedisClientConfig.failFast(servers.addresses().get(0));
            case CLUSTER -> RedisClientConfig.failFastCluster(servers.addresses());
        };
        try {
            return new RedisClaims(Redisson.create(config), true, servers.description());
        } finally {
            NettyThreadLocals.clearOnCallerThread();
        }
    }

    ClaimStore store(String prefix) {
        return new RedisClaimStore(client, prefix);
    }

    String description() {
        return description;
    }

    @Override
    public void close() {
        if (owned) {
            try {
                client.shutdown();
            } finally {
                NettyThreadLocals.clearOnCallerThread();
            }
        }
    }
}
