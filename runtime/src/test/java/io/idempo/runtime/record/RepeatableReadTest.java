package io.idempo.runtime.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * MariaDB defaults to REPEATABLE READ: a transaction that read anything keeps reading that snapshot, so a plain
 * SELECT misses a row another transaction committed since. The claim's locking read must see it anyway.
 */
class RepeatableReadTest {

    @ParameterizedTest
    @EnumSource(value = DatabaseUnderTest.class, names = {"MARIADB_VIA_MYSQL_CONNECTOR", "MARIADB", "MARIADB_AS_MYSQL"})
    void aLoserWhoseSnapshotPredatesTheWinnersCommitStillGetsTheWinnersRow(DatabaseUnderTest database)
            throws Exception {
        try (TestTable table = TestTable.create(database); Connections connections = Connections.open(database, 1)) {
            RecordStore store = table.store().build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            Connection loser = connections.all.get(0);
            assertEquals(Connection.TRANSACTION_REPEATABLE_READ, loser.getTransactionIsolation());
            assertEquals(0, plainCount(loser, table, claim.keyHash()), "the loser's snapshot starts here");

            Transactions.inTransaction(database, (sql, c) -> {
                store.claim(sql, claim);
                store.complete(sql, claim.keyHash(), RecordStatus.COMPLETED, "RESULT\nwinner");
                return null;
            });

            assertEquals(0, plainCount(loser, table, claim.keyHash()), "a plain read still misses the winner's row");
            StoredRecord seen = assertInstanceOf(RecordClaim.Existing.class,
                    store.claim(new JdbcSqlExecutor(loser), claim)).record();
            assertEquals(RecordStatus.COMPLETED, seen.status());
            assertEquals("RESULT\nwinner", seen.response());
        }
    }

    @ParameterizedTest
    @EnumSource(value = DatabaseUnderTest.class, names = {"MARIADB_VIA_MYSQL_CONNECTOR", "MARIADB", "MARIADB_AS_MYSQL"})
    void aLoserThatWaitedOnTheWinnerGetsItsRowAfterTheCommit(DatabaseUnderTest database) throws Exception {
        try (TestTable table = TestTable.create(database); Connections connections = Connections.open(database, 2)) {
            RecordStore store = table.store().lockWait(Duration.ofSeconds(10)).build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            Connection winner = connections.all.get(0);
            Connection loser = connections.all.get(1);
            assertEquals(0, plainCount(loser, table, claim.keyHash()), "the loser's snapshot starts here");
            assertEquals(new RecordClaim.Claimed(false), store.claim(new JdbcSqlExecutor(winner), claim));

            CompletableFuture<RecordClaim> waiting =
                    CompletableFuture.supplyAsync(() -> store.claim(new JdbcSqlExecutor(loser), claim));
            Thread.sleep(300); // the loser is now blocked on the winner's uncommitted row
            store.complete(new JdbcSqlExecutor(winner), claim.keyHash(), RecordStatus.COMPLETED, "RESULT\nwinner");
            winner.commit();

            StoredRecord seen = assertInstanceOf(RecordClaim.Existing.class, waiting.get()).record();
            assertEquals(RecordStatus.COMPLETED, seen.status());
            assertEquals("RESULT\nwinner", seen.response());
        }
    }

    private static int plainCount(Connection connection, TestTable table, String keyHash) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT COUNT(*) FROM " + table.name + " WHERE key_hash = ?")) {
            statement.setString(1, keyHash);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getInt(1);
            }
        }
    }
}
