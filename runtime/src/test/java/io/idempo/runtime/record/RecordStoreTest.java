package io.idempo.runtime.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.TestClock;
import java.sql.Connection;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** One transaction at a time: what each operation writes and reads, on every database. */
class RecordStoreTest {

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void detectsTheDialectFromTheConnection(DatabaseUnderTest database) throws Exception {
        SqlDialect expected = database == DatabaseUnderTest.MARIADB_AS_MYSQL ? SqlDialect.MARIADB : database.dialect;
        try (Connection connection = database.open()) {
            assertEquals(expected, SqlDialect.detect(connection));
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aDuplicateClaimGetsTheCommittedRowBack(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().clock(clock).build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());

            RecordClaim first = Transactions.inTransaction(database, (sql, c) -> store.claim(sql, claim));
            assertEquals(new RecordClaim.Claimed(false), first);

            clock.advance(Duration.ofSeconds(1));
            RecordClaim second = Transactions.inTransaction(database, (sql, c) -> store.claim(sql, claim));
            StoredRecord existing = assertInstanceOf(RecordClaim.Existing.class, second).record();
            assertEquals(claim.keyHash(), existing.keyHash());
            assertEquals(claim.action(), existing.action());
            assertEquals(claim.scope(), existing.scope());
            assertEquals(claim.clientKey(), existing.clientKey());
            assertEquals(claim.fingerprint(), existing.fingerprint());
            assertEquals(claim.fingerprintVersion(), existing.fingerprintVersion());
            assertEquals(claim.fieldDigests(), existing.fieldDigests());
            assertEquals(RecordStatus.IN_PROGRESS, existing.status());
            assertNull(existing.response());
            Duration sinceStart = Duration.ofSeconds(1);
            assertEquals(clock.instant().minus(sinceStart), existing.createdAt());
            assertEquals(clock.instant().minus(sinceStart), existing.updatedAt());
            assertEquals(clock.instant().minus(sinceStart).plus(Records.LEASE), existing.leaseUntil());
            assertEquals(clock.instant().minus(sinceStart).plus(Records.TTL), existing.expiresAt());
            assertEquals(1, table.rowCount());
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aCompletedRecordReplaysItsResponseExactly(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        // Non-ASCII, a line break, and larger than any VARCHAR: the response column must be a real text column.
        String response = "RESULT\n{\"order\":\"Ünïcødé ✓ 𝄞\",\"lines\":\"" + "x".repeat(100_000) + "\"}";
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().clock(clock).build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            Transactions.inTransaction(database, (sql, c) -> {
                assertEquals(new RecordClaim.Claimed(false), store.claim(sql, claim));
                clock.advance(Duration.ofSeconds(2));
                store.complete(sql, claim.keyHash(), RecordStatus.COMPLETED, response);
                return null;
            });

            StoredRecord replayed = assertInstanceOf(RecordClaim.Existing.class,
                    Transactions.inTransaction(database, (sql, c) -> store.claim(sql, claim))).record();
            assertEquals(RecordStatus.COMPLETED, replayed.status());
            assertEquals(response, replayed.response());
            assertNull(replayed.leaseUntil());
            assertEquals(clock.instant(), replayed.updatedAt());
            assertEquals(Optional.of(replayed),
                    Transactions.inTransaction(database, (sql, c) -> store.find(sql, claim.keyHash())));
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aStoredFailureIsFinalToo(DatabaseUnderTest database) throws Exception {
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            Transactions.inTransaction(database, (sql, c) -> {
                store.claim(sql, claim);
                store.complete(sql, claim.keyHash(), RecordStatus.FAILED, "EXCEPTION\ncom.shop.OutOfStock\nsold out");
                IllegalStateException twice = assertThrows(IllegalStateException.class,
                        () -> store.complete(sql, claim.keyHash(), RecordStatus.COMPLETED, "RESULT\n1"));
                assertTrue(twice.getMessage().contains("No IN_PROGRESS record"), twice.getMessage());
                return null;
            });
            StoredRecord found = Transactions.inTransaction(database, (sql, c) -> store.find(sql, claim.keyHash()))
                    .orElseThrow();
            assertEquals(RecordStatus.FAILED, found.status());
            assertEquals("EXCEPTION\ncom.shop.OutOfStock\nsold out", found.response());
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void deletingAFailedAttemptLetsTheNextClaimRunAgain(DatabaseUnderTest database) throws Exception {
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            // The attempt failed, but its transaction commits other work: only the claim must go.
            Transactions.inTransaction(database, (sql, c) -> {
                store.claim(sql, claim);
                assertTrue(store.delete(sql, claim.keyHash()));
                assertFalse(store.delete(sql, claim.keyHash()));
                return null;
            });
            assertEquals(0, table.rowCount());
            assertEquals(new RecordClaim.Claimed(false),
                    Transactions.inTransaction(database, (sql, c) -> store.claim(sql, claim)));
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void anExpiredRecordIsTakenOverAndNoLongerFound(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().clock(clock).build();
            String keyHash = Records.newKeyHash();
            NewRecord old = Records.claimFor(keyHash, "amount=100");
            Transactions.inTransaction(database, (sql, c) -> {
                store.claim(sql, old);
                store.complete(sql, keyHash, RecordStatus.COMPLETED, "RESULT\nold");
                return null;
            });

            clock.advance(Records.TTL);
            assertEquals(Optional.empty(), Transactions.inTransaction(database, (sql, c) -> store.find(sql, keyHash)));

            NewRecord fresh = Records.claimFor(keyHash, "amount=250");
            assertEquals(new RecordClaim.Claimed(true),
                    Transactions.inTransaction(database, (sql, c) -> store.claim(sql, fresh)));
            StoredRecord current = Transactions.inTransaction(database, (sql, c) -> store.find(sql, keyHash))
                    .orElseThrow();
            assertEquals(fresh.fingerprint(), current.fingerprint());
            assertEquals(fresh.fieldDigests(), current.fieldDigests());
            assertEquals(RecordStatus.IN_PROGRESS, current.status());
            assertNull(current.response());
            assertEquals(clock.instant(), current.createdAt());
            assertEquals(clock.instant().plus(Records.TTL), current.expiresAt());
            assertEquals(1, table.rowCount());
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aClaimLeavesTheSessionsLockWaitAsItFoundIt(DatabaseUnderTest database) throws Exception {
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().lockWait(Duration.ofSeconds(2)).build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            Transactions.inTransaction(database, (sql, connection) -> {
                String before = database.lockWaitSetting(connection);
                store.claim(sql, claim);
                assertEquals(before, database.lockWaitSetting(connection), "after a new claim");
                store.claim(sql, claim);
                assertEquals(before, database.lockWaitSetting(connection), "after a duplicate claim");
                return null;
            });
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aMissingTableIsReportedWithWhatToDo(DatabaseUnderTest database) throws Exception {
        RecordStore store = RecordStore.builder(database.dialect).table("idempo_no_such_table").build();
        RecordStoreException failure = assertThrows(RecordStoreException.class,
                () -> Transactions.inTransaction(database,
                        (sql, c) -> store.claim(sql, Records.claimFor(Records.newKeyHash()))));
        assertFalse(failure instanceof RecordBusyException);
        assertTrue(failure.getMessage().contains("does not exist"), failure.getMessage());
        assertTrue(failure.getMessage().contains(database.dialect.schemaResource()), failure.getMessage());
    }
}
