package io.idempo.runtime.claim;

import java.util.List;
import org.redisson.config.BaseConfig;
import org.redisson.config.Config;
import org.redisson.config.ReadMode;

/**
 * Redisson settings for a claim store. Redisson's defaults block a call for over ten seconds while Redis is down
 * and fail the application's start when Redis is not there; a claim store must instead fail within a few hundred
 * milliseconds (the database then decides alone) and reconnect on its own when Redis returns.
 */
public final class RedisClientConfig {

    /** Connect and response timeout: long enough for a loaded Redis, short enough not to stall a request. */
    public static final int TIMEOUT_MILLIS = 500;

    /** How often the client re-reads a cluster's topology, so that a promoted replica serves its slots within it. */
    public static final int CLUSTER_SCAN_INTERVAL_MILLIS = 1_000;

    private static final int POOL_SIZE = 16;

    private RedisClientConfig() {
    }

    /** A single-server configuration for {@code address} such as {@code redis://127.0.0.1:6379}. */
    public static Config failFast(String address) {
        Config config = claimStoreClient();
        withFailFastTimeouts(config.useSingleServer()
                .setAddress(address)
                .setConnectionMinimumIdleSize(1)
                .setConnectionPoolSize(POOL_SIZE));
        return config;
    }

    /**
     * A Redis Cluster configuration with the same fail-fast behaviour. {@code seedAddresses} (such as
     * {@code redis://10.0.0.1:6379}) are where the client first reads the topology; one reachable seed is enough,
     * the other masters are found from it. Every claim-store operation touches one key, so it runs on the master
     * of that key's slot. Reads go to masters as well: a replica lags behind, and a claim or outcome just written
     * must be seen by the next duplicate.
     */
    public static Config failFastCluster(List<String> seedAddresses) {
        if (seedAddresses.isEmpty()) {
            throw new IllegalArgumentException("A Redis Cluster needs at least one seed address, such as "
                    + "redis://127.0.0.1:7000");
        }
        Config config = claimStoreClient();
        withFailFastTimeouts(config.useClusterServers()
                .addNodeAddress(seedAddresses.toArray(String[]::new))
                .setScanInterval(CLUSTER_SCAN_INTERVAL_MILLIS)
                .setReadMode(ReadMode.MASTER)
                // Redisson's default refuses to start unless every slot has a master; the claim store rather
                // serves the slots that have one, and the database decides alone for the others.
                .setCheckSlotsCoverage(false)
                .setMasterConnectionMinimumIdleSize(1)
                .setMasterConnectionPoolSize(POOL_SIZE));
        return config;
    }

    /** What every claim-store client needs, whatever the servers. */
    private static Config claimStoreClient() {
        Config config = new Config();
        config.setLazyInitialization(true);
        // Redisson 4 turns RScript.eval into EVALSHA by default: after a restart or SCRIPT FLUSH the first claim then
        // costs three round trips (NOSCRIPT, SCRIPT LOAD, EVALSHA). Plain EVAL is always one.
        config.setUseScriptCache(false);
        return config;
    }

    /** Fail within {@link #TIMEOUT_MILLIS} and do not retry: the database decides when Redis cannot. */
    private static void withFailFastTimeouts(BaseConfig<?> servers) {
        servers.setConnectTimeout(TIMEOUT_MILLIS)
                .setTimeout(TIMEOUT_MILLIS)
                .setRetryAttempts(0);
    }
}
