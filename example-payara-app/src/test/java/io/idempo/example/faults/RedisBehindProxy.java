package io.idempo.example.faults;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Redis of the test's own ({@link OwnedRedis}) that the app reaches through a {@link FaultProxy} ({@link #url()}),
 * so that a test can crash or flush the server and also slow, hang or reset the connections to it. Register it
 * before the server that uses it ({@code @RegisterExtension @Order(1)}).
 */
public final class RedisBehindProxy implements BeforeAllCallback, AfterAllCallback {

    private final OwnedRedis redis = new OwnedRedis();
    private final FaultProxy proxy = FaultProxy.to(redis.port());

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        redis.start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            proxy.close();
        } finally {
            redis.close();
        }
    }

    /** The Redis URL for the app: the proxy's. */
    public String url() {
        return "redis://127.0.0.1:" + proxy.port();
    }

    public OwnedRedis server() {
        return redis;
    }

    public FaultProxy proxy() {
        return proxy;
    }
}
