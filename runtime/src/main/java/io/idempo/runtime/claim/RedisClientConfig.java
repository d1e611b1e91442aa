package io.idempo.runtime.claim;

import org.redisson.config.Config;

/**
 * Redisson settings for a claim store. Redisson's defaults block a call for over ten seconds while Redis is down
 * and fail the application's start when Redis is not there; a claim store must instead fail within a few hundred
 * milliseconds (the database then decides alone) and reconnect on its own when Redis returns.
 */
public final class RedisClientConfig {

    /** Connect and response timeout: long enough for a loaded Redis, short enough not to stall a request. */
    public static final int TIMEOUT_MILLIS = 500;

    private RedisClientConfig() {
    }

    /** A single-server configuration for {@code address} such as {@code redis://127.0.0.1:6379}. */
    public static Config failFast(String address) {
        Config config = new Config();
        config.setLazyInitialization(true);
        // Redisson 4 turns RScript.eval into EVALSHA by default: after a restart or SCRIPT FLUSH the first claim then
        // costs three round trips (NOSCRIPT, SCRIPT LOAD, EVALSHA). Plain EVAL is always one.
        config.setUseScriptCache(false);
        config.useSingleServer()
                .setAddress(address)
                .setConnectTimeout(TIMEOUT_MILLIS)
                .setTimeout(TIMEOUT_MILLIS)
                .setRetryAttempts(0)
                .setConnectionMinimumIdleSize(1)
                .setConnectionPoolSize(16);
        return config;
    }
}
