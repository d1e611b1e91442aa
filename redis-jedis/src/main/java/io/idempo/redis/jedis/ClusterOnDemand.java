package io.idempo.redis.jedis;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.CommandObject;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.executors.CommandExecutor;
import redis.clients.jedis.providers.ConnectionProvider;

/**
 * A Jedis cluster client that is made when a seed first answers. Jedis's {@link RedisClusterClient} reads the
 * topology in its constructor and throws when no seed answers, so made at once it would fail the application's
 * start while Redis is away. Until a seed answers, every command fails at once (within the connect timeout) and
 * the next one tries again. Once made, commands go to the master of their key's slot, with one attempt
 * (a connection failure renews the topology for the next command instead of retrying this one).
 */
final class ClusterOnDemand implements CommandExecutor, ConnectionProvider {

    private final Set<HostAndPort> seeds;
    private final JedisClientConfig clientConfig;
    private final ConnectionPoolConfig poolConfig;
    private final Duration topologyRefresh;
    private volatile RedisClusterClient cluster;
    private boolean closed;

    ClusterOnDemand(Set<HostAndPort> seeds, JedisClientConfig clientConfig, ConnectionPoolConfig poolConfig,
                    Duration topologyRefresh) {
        this.seeds = Set.copyOf(seeds);
        this.clientConfig = clientConfig;
        this.poolConfig = poolConfig;
        this.topologyRefresh = topologyRefresh;
    }

    /** Reads the topology and opens a connection to every node now, unless no seed answers. */
    void connectNow() {
        try {
            for (ConnectionPool node : cluster().getClusterNodes().values()) {
                try (Connection connection = node.getResource()) {
                    connection.ping();
                }
            }
        } catch (RuntimeException notThereYet) {
            // The application starts without Redis; calls degrade to the database until it answers.
        }
    }

    @Override
    public <T> T executeCommand(CommandObject<T> command) {
        return cluster().executeCommand(command);
    }

    /**
     * Not offered: a pipeline on one connection would reach one master only. The claim store sends single commands,
     * each through {@link #executeCommand}, and its completions one by one.
     */
    @Override
    public Connection getConnection() {
        throw new UnsupportedOperationException("The claim store sends single commands through executeCommand");
    }

    /** Not used: the claim store sends single commands, each through {@link #executeCommand}. */
    @Override
    public Connection getConnection(CommandArguments args) {
        throw new UnsupportedOperationException("The claim store sends single commands through executeCommand");
    }

    @Override
    public Map<?, ?> getConnectionMap() {
        RedisClusterClient made = cluster;
        return made == null ? Map.of() : made.getClusterNodes();
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (cluster != null) {
            cluster.close();
        }
    }

    private RedisClusterClient cluster() {
        RedisClusterClient made = cluster;
        return made != null ? made : make();
    }

    private synchronized RedisClusterClient make() {
        if (closed) {
            throw new IllegalStateException("The Redis Cluster client is closed");
        }
        if (cluster == null) {
            cluster = RedisClusterClient.builder()
                    .nodes(seeds)
                    .clientConfig(clientConfig)
                    .poolConfig(poolConfig)
                    .maxAttempts(1)
                    .maxTotalRetriesDuration(Duration.ofMillis(RedisClients.TIMEOUT_MILLIS))
                    .topologyRefreshPeriod(topologyRefresh)
                    .build();
        }
        return cluster;
    }
}
