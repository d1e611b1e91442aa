package io.idempo.runtime.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.TestClock;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The operator's queries, on every database: stuck records listed, one record looked up whatever its state, and
 * invalidation, which removes a final or stuck record and never a running call's.
 */
class RecordAdministrationTest {

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void stuckRecordsAreCommittedClaimsPastTheirLeaseOldestFirst(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().clock(clock).build();
            NewRecord oldest = commitClaim(database, store, Records.claimFor(Records.newKeyHash()));
            clock.advance(Duration.ofSeconds(1));
            NewRecord younger = commitClaim(database, store, Records.claimFor(Records.newKeyHash()));
            commitClaim(database, store, withTimes(Records.claimFor(Records.newKeyHash()), Duration.ofSeconds(1),
                    Duration.ofSeconds(5))); // expired by the time it is listed: it no longer blocks its key
            complete(database, store, Records.claimFor(Records.newKeyHash()));
            clock.advance(Duration.ofSeconds(20));
            commitClaim(database, store, Records.claimFor(Records.newKeyHash())); // its lease still runs
            clock.advance(Duration.ofSeconds(15)); // 36 s after the first: both first leases (30 s) have passed

            List<StoredRecord> stuck = Transactions.inTransaction(database, (sql, c) -> store.stuck(sql, 10));
            assertEquals(List.of(oldest.keyHash(), younger.keyHash()),
                    stuck.stream().map(StoredRecord::keyHash).toList());
            assertEquals(RecordStatus.IN_PROGRESS, stuck.get(0).status());
            assertEquals(clock.instant().minusSeconds(36).plus(Records.LEASE), stuck.get(0).leaseUntil());
            assertEquals(List.of(oldest.keyHash()), Transactions.inTransaction(database,
                    (sql, c) -> store.stuck(sql, 1)).stream().map(StoredRecord::keyHash).toList());
            assertEquals(Long.valueOf(2), Transactions.inTransaction(database, (sql, c) -> store.countStuck(sql)));
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void anOperatorSeesARecordAlsoAfterItExpired(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().clock(clock).build();
            NewRecord claim = complete(database, store, Records.claimFor(Records.newKeyHash()));
            clock.advance(Records.TTL);
            assertEquals(Optional.empty(), Transactions.inTransaction(database, (sql, c) -> store.find(sql,
                    claim.keyHash())));
            StoredRecord seen = Transactions.inTransaction(database, (sql, c) -> store.findIncludingExpired(sql,
                    claim.keyHash())).orElseThrow();
            assertTrue(seen.isExpiredAt(clock.instant()));
            assertEquals(RecordStatus.COMPLETED, seen.status());
            assertEquals(Optional.empty(), Transactions.inTransaction(database, (sql, c) -> store.findIncludingExpired(
                    sql, Records.newKeyHash())));
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void invalidationDeletesFinalAndStuckRecordsButNotARunningOne(DatabaseUnderTest database) throws Exception {
        TestClock clock = new TestClock();
        try (TestTable table = TestTable.create(database)) {
            RecordStore store = table.store().clock(clock).build();
            NewRecord completed = complete(database, store, Records.claimFor(Records.newKeyHash()));
            NewRecord stuck = commitClaim(database, store, Records.claimFor(Records.newKeyHash()));
            clock.advance(Records.LEASE);
            NewRecord running = commitClaim(database, store, Records.claimFor(Records.newKeyHash()));

            assertEquals(Invalidation.DELETED, invalidate(database, store, completed.keyHash()));
            assertEquals(Invalidation.DELETED, invalidate(database, store, stuck.keyHash()));
            assertEquals(Invalidation.RUNNING, invalidate(database, store, running.keyHash()));
            assertEquals(Invalidation.NOT_FOUND, invalidate(database, store, completed.keyHash()));
            assertEquals(Invalidation.NOT_FOUND, invalidate(database, store, Records.newKeyHash()));
            assertEquals(1, table.rowCount(), "only the running call's record is left");
            assertEquals(new RecordClaim.Claimed(false), Transactions.inTransaction(database,
                    (sql, c) -> store.claim(sql, completed)), "the invalidated key runs again");
        }
    }

    /**
     * A call's claim is uncommitted while it runs. Invalidation must never remove it: on PostgreSQL it finds the key's
     * advisory lock held, on MariaDB it waits on the row's lock and gives up after the lock wait (busy either way);
     * H2 does not see the uncommitted row (not found). Once the call commits, its record is there.
     */
    @ParameterizedTest
    @EnumSource(DatabaseUnderTest.class)
    void aClaimInAnOpenTransactionIsNeverInvalidated(DatabaseUnderTest database) throws Exception {
        try (TestTable table = TestTable.create(database); Connections connections = Connections.open(database, 1)) {
            RecordStore store = table.store().lockWait(Duration.ofMillis(200)).build();
            NewRecord claim = Records.claimFor(Records.newKeyHash());
            Connection running = connections.all.get(0);
            store.claim(new JdbcSqlExecutor(running), claim);

            String seen;
            try {
                seen = invalidate(database, store, claim.keyHash()).name();
            } catch (RecordBusyException e) {
                seen = "busy";
            }
            boolean h2 = database.dialect == SqlDialect.H2 || database.dialect == SqlDialect.H2_POSTGRESQL_MODE;
            assertEquals(h2 ? "NOT_FOUND" : "busy", seen);
            store.complete(new JdbcSqlExecutor(running), claim.keyHash(), RecordStatus.COMPLETED, "RESULT\n1");
            running.commit();
            assertEquals(1, table.rowCount(claim.keyHash()), "the call's record survived: " + seen);
        }
    }

    private static Invalidation invalidate(DatabaseUnderTest database, RecordStore store, String keyHash)
            throws Exception {
        return Transactions.inTransaction(database, (sql, c) -> store.invalidate(sql, keyHash));
    }

    /** A claim committed without completion: what a transaction that committed past a failed attempt leaves. */
    private static NewRecord commitClaim(DatabaseUnderTest database, RecordStore store, NewRecord claim) throws Exception {
        Transactions.inTransaction(database, (sql, c) -> store.claim(sql, claim));
        return claim;
    }

    private static NewRecord complete(DatabaseUnderTest database, RecordStore store, NewRecord claim) throws Exception {
        Transactions.inTransaction(database, (sql, c) -> {
            store.claim(sql, claim);
            store.complete(sql, claim.keyHash(), RecordStatus.COMPLETED, "RESULT\n{}");
            return null;
        });
        return claim;
    }

    private static NewRecord withTimes(NewRecord claim, Duration lease, Duration ttl) {
        return new NewRecord(claim.keyHash(), claim.action(), claim.scope(), claim.clientKey(), claim.fingerprint(),
                claim.fingerprintVersion(), claim.fieldDigests(), lease, ttl);
    }
}
