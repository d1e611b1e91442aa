package io.idempo.example.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.server.PayaraMicroServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@link RollbackRace} on MariaDB without Redis and with a lock wait of 2 s, longer than the first call holds
 * the key: the duplicates queue on its record lock, and the rollback releases them all at once into each other's
 * locks. That is when InnoDB reports deadlocks (1213), which must be answered 409 like a lock-wait timeout.
 */
class MariadbQueuedRollbackRaceIT {

    @RegisterExtension
    static final PayaraMicroServer server = BlastRadius.withoutRedis(TestDatabase.mariadb())
            .withEnv("IDEMPO_LOCK_WAIT", "PT2S");

    @Test
    void duplicatesQueuedOnTheLockDeadlockAtTheRollbackAndHearInProgress() throws Exception {
        long deadlocks = RollbackRace.run(server, "queued-rollback-race");
        System.out.printf("[faults] rollback race, lock wait 2 s: %d InnoDB deadlocks%n", deadlocks);
        assertTrue(deadlocks > 0, "the queued duplicates did not deadlock at the rollback (Innodb_deadlocks did not"
                + " grow): the test no longer provokes what it is about; check RollbackRace.HOLD against the lock"
                + " wait");
    }
}
