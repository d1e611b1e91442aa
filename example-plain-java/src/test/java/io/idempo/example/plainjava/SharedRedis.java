package io.idempo.example.plainjava;

import java.util.UUID;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * The shared Redis on 127.0.0.1:6379, under a key prefix of the test's own: closing deletes the keys under it, and
 * nothing else.
 */
final class SharedRedis implements AutoCloseable {

    static final String URL = "redis://127.0.0.1:6379";

    final String prefix = "idempo-example-test:" + UUID.randomUUID() + ":";
    private final RedissonClient client;

    SharedRedis() {
        Config config = new Config();
        config.useSingleServer().setAddress(URL);
        client = Redisson.create(config);
    }

    /** How many keys the example wrote under the prefix. */
    long keys() {
        return client.getKeys().getKeysStreamByPattern(prefix + "*").count();
    }

    @Override
    public void close() {
        try {
            client.getKeys().deleteByPattern(prefix + "*");
        } finally {
            client.shutdown();
        }
    }
}
