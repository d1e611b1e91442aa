package io.idempo.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.plan.Fingerprint;
import io.idempo.plan.MethodPlan;
import io.idempo.plan.MethodPlans;
import io.idempo.runtime.ExpiredRecordPurge;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.admin.ClaimStoreUnreachableException;
import io.idempo.runtime.admin.Invalidated;
import io.idempo.runtime.admin.Operator;
import io.idempo.runtime.admin.RecordAdministration;
import io.idempo.runtime.engine.Shop.OrderRequest;
import io.idempo.runtime.record.Invalidation;
import io.idempo.runtime.record.NewRecord;
import io.idempo.runtime.record.RecordBusyException;
import io.idempo.runtime.record.StoredRecord;
import io.idempo.runtime.spi.CallOutcome;
import io.idempo.runtime.spi.ClaimStoreHealth;
import io.idempo.runtime.spi.IdempotencyMetrics;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The operator's surface on a running engine, on PostgreSQL with the shared Redis in front: an invalidated key runs
 * again (Redis forgets its outcome, or it would go on replaying it), a stuck record that answers "in progress" is
 * listed and removed, a running call is never touched, and every operation leaves one audit line.
 */
class RecordAdministrationEngineTest {

    private static final OrderRequest REQUEST = new OrderRequest(9201, 1, new BigDecimal("8.00"));
    private static final Operator ADMIN = new Operator("admin", "req-admin-1");

    /** What the purge runs reported. */
    private final List<Long> stuckCounts = new CopyOnWriteArrayList<>();

    private CapturedLines auditLines;
    private List<String> audit;

    @BeforeEach
    void capture() {
        auditLines = CapturedLines.of("io.idempo.audit");
        audit = auditLines.lines();
    }

    @AfterEach
    void release() {
        auditLines.close();
    }

    private RecordAdministration administration(EngineHarness harness) {
        IdempotencyMetrics counted = new IdempotencyMetrics() {
            @Override
            public void callEnded(String action, CallOutcome outcome, long nanos) {
            }

            @Override
            public void recordStoreFailed() {
            }

            @Override
            public void observe(ClaimStoreHealth claimStore) {
            }

            @Override
            public void stuckRecordsCounted(long count) {
                stuckCounts.add(count);
            }
        };
        return new RecordAdministration(harness.records, harness.claims, harness.transactions,
                new ExpiredRecordPurge(harness.records, harness.transactions, 100, 10), counted);
    }

    @Test
    void anInvalidatedKeyRunsAgainInsteadOfBeingReplayedByRedis() throws Exception {
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS)) {
            RecordAdministration administration = administration(harness);
            String key = "admin-" + UUID.randomUUID();
            harness.placeInTransaction(REQUEST, key);
            harness.placeInTransaction(REQUEST, key);
            assertEquals(1, harness.shop.executions.get(), "the duplicate was replayed");

            RecordKey recordKey = new RecordKey("orders.create", "", key);
            StoredRecord before = administration.find(ADMIN, recordKey).orElseThrow();
            assertEquals(recordKey.hash(), before.keyHash());
            assertEquals(new Invalidated(Invalidation.DELETED, true), administration.invalidate(ADMIN, recordKey));
            assertEquals(0, harness.recordRows());

            harness.placeInTransaction(REQUEST, key);
            assertEquals(2, harness.shop.executions.get(), "the same key ran again");
            assertEquals(2, harness.orderRows(key));
            assertEquals(List.of(
                    "idempo-audit operation=look-up operator=admin request=req-admin-1 action=orders.create scope=-"
                            + " key=" + key + " keyHash=" + recordKey.hash() + " result=completed",
                    "idempo-audit operation=invalidate operator=admin request=req-admin-1 action=orders.create scope=-"
                            + " key=" + key + " keyHash=" + recordKey.hash() + " result=deleted claimStore=forgotten"),
                    audit);
        }
    }

    /**
     * A claim committed without completion answers "in progress" to its key until it expires: the operator lists it
     * and removes it, and the key runs.
     */
    @Test
    void aStuckRecordIsListedAndRemovedAndItsKeyRuns() throws Exception {
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS)) {
            RecordAdministration administration = administration(harness);
            String key = "admin-" + UUID.randomUUID();
            NewRecord stuck = claimWithoutCompleting(key);
            harness.transactions.inTransaction(() -> harness.records.claim(harness.transactions.executor(), stuck));
            Thread.sleep(5); // past its 1 ms lease
            assertThrows(IdempotencyInProgressException.class, () -> harness.placeInTransaction(REQUEST, key));

            assertEquals(0, administration.purgeOnSchedule());
            assertEquals(List.of(1L), stuckCounts, "the purge run counted the stuck record");
            List<StoredRecord> listed = administration.stuck(ADMIN, 10);
            assertEquals(List.of(stuck.keyHash()), listed.stream().map(StoredRecord::keyHash).toList());
            assertEquals(Invalidation.DELETED,
                    administration.invalidate(ADMIN, new RecordKey("orders.create", "", key)).record());
            harness.placeInTransaction(REQUEST, key);
            assertEquals(1, harness.orderRows(key));
            assertEquals(List.of(), administration.stuck(ADMIN, 10));
            assertEquals(0, administration.purgeExpired(ADMIN));
            assertEquals(List.of(1L, 0L), stuckCounts);
            assertTrue(audit.get(0).endsWith(" limit=10 result=1 records"), audit.get(0));
            assertTrue(audit.get(audit.size() - 1).endsWith(" operation=purge operator=admin request=req-admin-1"
                    + " result=0 expired records deleted"), audit.toString());
            assertEquals(4, audit.size(), "the scheduled run is not audited: " + audit);
        }
    }

    /** A running call holds its key's advisory lock on PostgreSQL: busy, and the call's outcome stands. */
    @Test
    void aRunningCallIsNeverInvalidated() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS)) {
            RecordAdministration administration = administration(harness);
            String key = "admin-" + UUID.randomUUID();
            harness.shop.delay = Duration.ofMillis(800);
            Future<?> running = pool.submit(() -> harness.placeInTransaction(REQUEST, key));
            while (harness.shop.executions.get() < 1) {
                Thread.sleep(5);
            }
            assertThrows(RecordBusyException.class,
                    () -> administration.invalidate(ADMIN, new RecordKey("orders.create", "", key)));
            running.get(30, TimeUnit.SECONDS);
            harness.shop.delay = Duration.ZERO;
            harness.placeInTransaction(REQUEST, key);
            assertEquals(1, harness.shop.executions.get(), "the running call completed and its duplicate replayed");
            assertEquals(1, harness.recordRows());
            assertTrue(audit.get(0).endsWith(" result=busy"), audit.get(0));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aClaimStoreThatCannotBeReachedIsReportedAfterTheRecordIsGone() throws Exception {
        try (EngineHarness harness = new EngineHarness(EngineDatabase.POSTGRESQL, ClaimMode.REDIS_DOWN)) {
            RecordAdministration administration = administration(harness);
            String key = "admin-" + UUID.randomUUID();
            harness.placeInTransaction(REQUEST, key);
            ClaimStoreUnreachableException failure = assertThrows(ClaimStoreUnreachableException.class,
                    () -> administration.invalidate(ADMIN, new RecordKey("orders.create", "", key)));
            assertEquals(Invalidation.DELETED, failure.record());
            assertEquals(0, harness.recordRows());
            assertTrue(audit.get(0).endsWith(" result=deleted claimStore=unreachable"), audit.get(0));
        }
    }

    @Test
    void aRefusalIsAudited() {
        RecordAdministration.refused(new Operator("alice", "req-9"), "purge", "not in role idempo-admin");
        assertEquals(List.of("idempo-audit operation=purge operator=alice request=req-9 result=refused (not in role"
                + " idempo-admin)"), audit);
    }

    /** The record a first call of {@code key} would claim, with a 1 ms lease, as a transaction committed it. */
    private static NewRecord claimWithoutCompleting(String key) throws NoSuchMethodException {
        MethodPlan plan = MethodPlans.forMethod(Shop.class.getMethod("placeOrder", OrderRequest.class, String.class));
        Fingerprint fingerprint = plan.fingerprint(new Object[] {REQUEST, key});
        return new NewRecord(new RecordKey("orders.create", "", key).hash(), "orders.create", "", key,
                fingerprint.digest(), plan.fingerprintVersion(), fingerprint.fieldDigests(), Duration.ofMillis(1),
                Duration.ofMinutes(30));
    }
}
