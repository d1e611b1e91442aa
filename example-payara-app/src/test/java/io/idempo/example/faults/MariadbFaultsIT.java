package io.idempo.example.faults;

import io.idempo.example.e2e.PayaraMicroServer;
import io.idempo.example.e2e.TestDatabase;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The fault suite ({@link FaultScenarios}) on MariaDB. */
class MariadbFaultsIT extends FaultScenarios {

    @RegisterExtension
    @Order(1)
    static final RedisBehindProxy redis = new RedisBehindProxy();

    @RegisterExtension
    @Order(2)
    static final PayaraMicroServer server = configure(TestDatabase.mariadb(), redis);

    @Override
    PayaraMicroServer server() {
        return server;
    }

    @Override
    RedisBehindProxy redisBehindProxy() {
        return redis;
    }
}
