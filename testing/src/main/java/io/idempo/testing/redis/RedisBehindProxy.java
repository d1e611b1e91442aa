package io.idempo.testing.redis;

import io.idempo.testing.net.FaultProxy;
import java.io.IOException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Redis of the test's own ({@link RedisProcess}) that the application reaches through a {@link FaultProxy}
 * ({@link #url()}), so that a test can crash or flush the server and also slow, hang or reset the connections to
 * it. As a JUnit extension it runs for one test class: register it before the server that uses it
 * ({@code @RegisterExtension @Order(1)}); or {@link #start()} and {@link #close()} it by hand.
 */
public final class RedisBehindProxy implements BeforeAllCallback, AfterAllCallback, AutoCloseable {

    private final RedisProcess redis = RedisProcess.onFreePort();
    private final FaultProxy proxy = FaultProxy.to(redis.port());

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        close();
    }

    /** Starts the Redis; the proxy passes traffic from its creation on. */
    public void start() throws IOException {
        redis.start();
    }

    /** Closes the proxy and kills the Redis. */
    @Override
    public void close() throws IOException {
        try {
            proxy.close();
        } finally {
            redis.close();
        }
    }

    /** The Redis URL for the application: the proxy's. */
    public String url() {
        return "redis://127.0.0.1:" + proxy.port();
    }

    public RedisProcess server() {
        return redis;
    }

    public FaultProxy proxy() {
        return proxy;
    }
}
