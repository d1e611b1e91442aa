package io.idempo.example.faults;

import io.idempo.example.e2e.PayaraMicroServer;
import io.idempo.example.e2e.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * MariaDB with Redis down and the default lock wait (100 ms, which MariaDB rounds down to "do not wait"): the blast
 * radius of a slow call ({@link BlastRadius}), and the {@link RollbackRace}, where the duplicates are refused at
 * once while the first call holds the key and race for it when it rolls back.
 */
class MariadbWithoutRedisIT extends BlastRadius {

    @RegisterExtension
    static final PayaraMicroServer server = withoutRedis(TestDatabase.mariadb());

    @Override
    PayaraMicroServer server() {
        return server;
    }

    @Test
    void duplicatesRefusedAtOnceHearInProgressWhileTheFirstCallRollsBack() throws Exception {
        long deadlocks = RollbackRace.run(server, "rollback-race");
        System.out.printf("[faults] rollback race, lock wait 100 ms: %d InnoDB deadlocks%n", deadlocks);
    }
}
