package io.idempo.benchmarks.e2e;

import io.idempo.testing.database.TestSchema;
import io.idempo.testing.net.LoopbackPorts;
import io.idempo.testing.server.PayaraMicroServer;
import java.time.Duration;

/**
 * The example app on Payara Micro as the end-to-end harness configures it: on the run's own database, with the load
 * endpoints, and Redis under a key prefix of the run's own (or at a closed port when the configuration has Redis
 * down). Its stop deletes the run's Redis keys and drops the database.
 */
final class ExampleServer {

    /** Generous: other programs may be using the two cores while the server starts. */
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(240);

    private ExampleServer() {
    }

    static PayaraMicroServer of(E2eSettings settings, Configuration configuration, TestSchema schema) {
        PayaraMicroServer server = PayaraMicroServer.of(new BenchmarkedApp(settings), settings::payaraMicro)
                .on(schema)
                .withEnv("IDEMPO_LOAD_ENDPOINTS", "true")
                .withStartupTimeout(STARTUP_TIMEOUT);
        if (configuration.redisUp) {
            server.withTrackedRedis(settings.redisUrl());
        } else {
            server.withUntrackedRedisUrl("redis://127.0.0.1:" + LoopbackPorts.free());
        }
        return server;
    }
}
