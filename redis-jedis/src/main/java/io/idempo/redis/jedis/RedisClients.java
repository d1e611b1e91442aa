package io.idempo.redis.jedis;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Jedis clients for a claim store, the one home of their settings. A claim store must fail within a few hundred
 * milliseconds when Redis cannot answer (the database then decides alone), never retry inside the client, not fail
 * the application's start when Redis is not there, and reconnect on its own when Redis returns. Jedis sends each
 * command on the caller's thread over a pooled connection: a connection that fails is discarded, and the next
 * command opens a new one.
 *
 * <p>Addresses are {@code redis://host:port} or {@code rediss://host:port} (TLS), with an optional
 * {@code user:password@} or {@code :password@}.
 *
 * <p>The pool size bounds how many commands are on their way to one server at once ({@link #DEFAULT_POOL_SIZE}; per
 * node of a cluster). A connection is held only while its command runs, a round trip of about 0.1 ms on one host
 * and a few hundred microseconds within a data centre. A call waits for one command, its claim; a long call renews
 * it every third of the claim timeout, and its completion is written behind, in one pipeline with those of other
 * calls. A caller that finds every connection busy waits up to {@link #TIMEOUT_MILLIS}, then goes on without the
 * claim store (the database decides, and the store error is counted). Raise the size when many request threads run
 * idempotent calls at once against a Redis that is farther away, up to the number of such threads; each connection
 * is also a client socket on the Redis server.
 */
public final class RedisClients {

    /** Connect and response timeout: long enough for a loaded Redis, short enough not to stall a request. */
    public static final int TIMEOUT_MILLIS = 500;

    /** How often the client re-reads a cluster's topology, so that a promoted replica serves its slots within it. */
    public static final int CLUSTER_TOPOLOGY_REFRESH_MILLIS = 1_000;

    /** Enough for thousands of calls a second at sub-millisecond round trips (see the class comment). */
    public static final int DEFAULT_POOL_SIZE = 16;

    private RedisClients() {
    }

    /** {@link #failFast(String, int)} with {@link #DEFAULT_POOL_SIZE} connections. */
    public static UnifiedJedis failFast(String address) {
        return failFast(address, DEFAULT_POOL_SIZE);
    }

    /**
     * A client of one server at {@code address} such as {@code redis://127.0.0.1:6379}, with up to {@code poolSize}
     * connections. It connects now (a {@code PING}), so that no request pays the first connect; a Redis that is not
     * there yet is not an error.
     */
    public static UnifiedJedis failFast(String address, int poolSize) {
        URI uri = uri(address);
        RedisClient client = RedisClient.builder()
                .hostAndPort(hostAndPort(uri))
                .clientConfig(clientConfig(uri))
                .poolConfig(poolConfig(poolSize))
                .build();
        connectNow(client);
        return client;
    }

    /** {@link #failFastCluster(List, int)} with {@link #DEFAULT_POOL_SIZE} connections per node. */
    public static UnifiedJedis failFastCluster(List<String> seedAddresses) {
        return failFastCluster(seedAddresses, DEFAULT_POOL_SIZE);
    }

    /**
     * A Redis Cluster client with the same fail-fast behaviour, with up to {@code poolSize} connections to each node.
     * {@code seedAddresses} (such as {@code redis://10.0.0.1:6379}) are where the client first reads the topology; one
     * reachable seed is enough, the other masters are found from it. Every claim-store operation touches one key, so
     * it runs on the master of that key's slot; reads go to masters as well (Jedis reads from replicas only when
     * asked): a replica lags behind, and a claim or outcome just written must be seen by the next duplicate. When no
     * seed answers now, the topology is read by the first command that finds one ({@link ClusterOnDemand}).
     */
    public static UnifiedJedis failFastCluster(List<String> seedAddresses, int poolSize) {
        if (seedAddresses.isEmpty()) {
            throw new IllegalArgumentException("A Redis Cluster needs at least one seed address, such as "
                    + "redis://127.0.0.1:7000");
        }
        List<URI> uris = seedAddresses.stream().map(RedisClients::uri).toList();
        Set<HostAndPort> seeds = new LinkedHashSet<>();
        uris.forEach(uri -> seeds.add(hostAndPort(uri)));
        // Every node is reached with the first seed's credentials and TLS setting: one cluster, one login.
        JedisClientConfig config = clientConfig(uris.get(0));
        ClusterOnDemand cluster = new ClusterOnDemand(seeds, config, poolConfig(poolSize),
                Duration.ofMillis(CLUSTER_TOPOLOGY_REFRESH_MILLIS));
        cluster.connectNow();
        // A UnifiedJedis whose every command goes through the cluster (the builder wants an address: never used).
        return RedisClient.builder()
                .hostAndPort(seeds.iterator().next())
                .clientConfig(config)
                .connectionProvider(cluster)
                .commandExecutor(cluster)
                .build();
    }

    /** Opens the first connection now; a failure is left to the first call (and the circuit breaker around it). */
    private static void connectNow(UnifiedJedis client) {
        try {
            client.ping();
        } catch (JedisException notThereYet) {
            // The application starts without Redis; calls degrade to the database until it answers.
        }
    }

    /**
     * Fail within {@link #TIMEOUT_MILLIS}: to connect, for an answer. RESP2 named rather than found out: the client
     * then asks no connection for it when it is made, and the script's answer is the list the store reads.
     */
    private static JedisClientConfig clientConfig(URI uri) {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                .protocol(RedisProtocol.RESP2)
                .connectionTimeoutMillis(TIMEOUT_MILLIS)
                .socketTimeoutMillis(TIMEOUT_MILLIS)
                .ssl("rediss".equals(uri.getScheme()));
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            String user = colon < 0 ? userInfo : userInfo.substring(0, colon);
            if (!user.isEmpty()) {
                config.user(user);
            }
            if (colon >= 0) {
                config.password(userInfo.substring(colon + 1));
            }
        }
        return config.build();
    }

    /** Up to {@code size} connections; a caller waits for a free one no longer than for an answer. */
    private static ConnectionPoolConfig poolConfig(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("A Redis connection pool needs at least one connection, got " + size);
        }
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(size);
        pool.setMaxIdle(size);
        pool.setMinIdle(1);
        pool.setMaxWait(Duration.ofMillis(TIMEOUT_MILLIS));
        return pool;
    }

    private static URI uri(String address) {
        URI uri = URI.create(address);
        if (!"redis".equals(uri.getScheme()) && !"rediss".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("Not a Redis address: " + address.replaceFirst("//[^@/]*@", "//***@")
                    + "; expected redis://host:port or rediss://host:port");
        }
        return uri;
    }

    private static HostAndPort hostAndPort(URI uri) {
        return new HostAndPort(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort());
    }
}
