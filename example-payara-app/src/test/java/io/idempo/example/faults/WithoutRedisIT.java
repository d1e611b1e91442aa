package io.idempo.example.faults;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.idempo.example.e2e.OnEachDatabaseServer;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.server.PayaraMicroServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;

/**
 * PostgreSQL, then MariaDB, with Redis down and the default lock wait (100 ms, which MariaDB rounds down to "do
 * not wait"): the blast radius of a slow call ({@link BlastRadius}); the duplicates of completed calls, which the
 * record replays however many arrive at once ({@link CompletedKeyReplays}); on MariaDB also the
 * {@link RollbackRace}, where the duplicates are refused at once while the first call holds the key and race for it
 * when it rolls back. One server per database.
 */
@OnEachDatabaseServer
class WithoutRedisIT extends BlastRadius {

    private static PayaraMicroServer server;

    @Parameter
    DatabaseKind database;

    @BeforeParameterizedClassInvocation
    static void startServer(DatabaseKind database) throws Exception {
        server = withoutRedis(TestDatabase.local(database));
        server.start(WithoutRedisIT.class.getSimpleName() + "-" + database);
    }

    @AfterParameterizedClassInvocation
    static void stopServer() throws Exception {
        server.stop();
    }

    @Override
    PayaraMicroServer server() {
        return server;
    }

    @Test
    void duplicatesOfCompletedCallsAreAllReplayedNeverInProgress() throws Exception {
        CompletedKeyReplays.run(server, "completed-key-replays-" + database);
    }

    /** InnoDB's race: the rollback releases the queued duplicates into each other's locks (see RollbackRace). */
    @Test
    void duplicatesRefusedAtOnceHearInProgressWhileTheFirstCallRollsBack() throws Exception {
        assumeTrue(database == DatabaseKind.MARIADB, "InnoDB's deadlocks at a rollback: MariaDB only");
        long deadlocks = RollbackRace.run(server, "rollback-race");
        System.out.printf("[faults] rollback race, lock wait 100 ms: %d InnoDB deadlocks%n", deadlocks);
    }
}
