package io.idempo.jakarta.internal;

import java.util.List;

/**
 * The Redis of the claim store, from {@code idempo.redis.address}, {@code idempo.redis.mode} and
 * {@code idempo.redis.pool-size}: one server, or the seed nodes of a Redis Cluster (the client finds the other
 * masters from any one of them).
 *
 * @param mode      one server or a cluster
 * @param addresses {@code redis://host:port} or {@code rediss://host:port}; exactly one for {@link Mode#SINGLE}
 * @param poolSize  the client's connections to each server
 */
record RedisServers(Mode mode, List<String> addresses, int poolSize) {

    /** The values of {@code idempo.redis.mode}, in lower case. */
    enum Mode {
        SINGLE, CLUSTER
    }

    RedisServers {
        addresses = List.copyOf(addresses);
    }

    /**
     * For the start-up line: {@code redis redis://host:port}, or {@code redis cluster (seeds ...)}, with any password
     * in the addresses masked ({@code redis://user:***@host:port}).
     */
    String description() {
        List<String> shown = addresses.stream().map(RedisServers::withoutPassword).toList();
        return mode == Mode.SINGLE ? "redis " + shown.get(0) : "redis cluster (seeds " + String.join(", ", shown) + ")";
    }

    private static String withoutPassword(String address) {
        return address.replaceFirst("^(rediss?://[^:@/]*:)[^@/]*@", "$1***@");
    }
}
