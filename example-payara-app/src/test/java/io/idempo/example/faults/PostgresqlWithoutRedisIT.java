package io.idempo.example.faults;

import io.idempo.example.e2e.PayaraMicroServer;
import io.idempo.example.e2e.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PostgreSQL with Redis down and the default lock wait (100 ms): the blast radius of a slow call
 * ({@link BlastRadius}).
 */
class PostgresqlWithoutRedisIT extends BlastRadius {

    @RegisterExtension
    static final PayaraMicroServer server = withoutRedis(TestDatabase.postgresql());

    @Override
    PayaraMicroServer server() {
        return server;
    }
}
