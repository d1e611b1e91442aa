package io.idempo.example.reconciliation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.example.config.DatabaseSetup;
import io.idempo.example.jobs.OrderExpiryJob;
import io.idempo.example.payments.PaymentChannel;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The reconciliation's reading of stored answers, and its checks of the job runs, on the app's H2 schema. */
class ReconciliationServiceTest {

    private static final String SLOT = "2026-12-01T12:20:00Z";

    private final ReconciliationService reconciliation = new ReconciliationService();
    private JdbcDataSource database;

    @BeforeEach
    void schema() throws SQLException {
        database = new JdbcDataSource();
        database.setURL("jdbc:h2:mem:reconciliation-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1;MODE=PostgreSQL");
        database.setUser("sa");
        List<String> statements = new ArrayList<>(DatabaseSetup.businessSchema(SqlDialect.H2_POSTGRESQL_MODE));
        statements.addAll(RecordSchema.statements(SqlDialect.H2_POSTGRESQL_MODE, RecordStore.DEFAULT_TABLE));
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
        reconciliation.dataSource = database;
        reconciliation.channel = new PaymentChannel();
    }

    @Test
    void readsTheRowIdFromAStoredResult() {
        assertEquals(42L, ReconciliationService.answeredId("RESULT\n{\"id\":42,\"status\":\"PENDING\"}", "id"));
        assertEquals(7L, ReconciliationService.answeredId("RESULT\n{\"ledgerEntryId\":7}", "ledgerEntryId"));
    }

    @Test
    void anythingElseNamesNoRow() {
        assertNull(ReconciliationService.answeredId(null, "id"));
        assertNull(ReconciliationService.answeredId("EXCEPTION\njava.lang.IllegalStateException\nno", "id"));
        assertNull(ReconciliationService.answeredId("RESULT\n[1,2]", "id"));
        assertNull(ReconciliationService.answeredId("RESULT\n{\"id\":\"x\"}", "id"));
        assertNull(ReconciliationService.answeredId("RESULT\n{not json", "id"));
    }

    @Test
    void oneRunPerSlotWithItsRecordIsClean() throws SQLException {
        long run = insertRun(SLOT, "node-a");
        insertRecord(SLOT, run);
        insertRecord("2026-12-01T12:21:00Z", insertRun("2026-12-01T12:21:00Z", "node-b"));
        Reconciliation report = reconciliation.reconcile();
        assertEquals(List.of(), report.mismatches());
        assertEquals(2, report.jobRuns());
        assertEquals(2, report.completedRecords());
    }

    @Test
    void aSlotRunTwiceIsReported() throws SQLException {
        insertRecord(SLOT, insertRun(SLOT, "node-a"));
        insertRun(SLOT, "node-b");
        Reconciliation report = reconciliation.reconcile();
        assertEquals(List.of(new Mismatch("job-slot-run-twice", "job " + OrderExpiryJob.NAME + " slot " + SLOT
                        + " has 2 runs"),
                new Mismatch("job-run-without-record", "job_runs row 2 has no completed " + OrderExpiryJob.ACTION
                        + " record")), report.mismatches());
    }

    @Test
    void aRecordWhoseRunIsMissingIsReported() throws SQLException {
        insertRecord(SLOT, 99);
        assertEquals(List.of(new Mismatch("record-without-business-row", "a completed " + OrderExpiryJob.ACTION
                + " record answers with job_runs row 99, which does not exist")), reconciliation.reconcile()
                .mismatches());
    }

    /** The pool hands the connection on: a snapshot that cannot end must still give back its level and mode. */
    @Test
    void theConnectionGetsItsLevelAndModeBackWhenTheSnapshotCannotEnd() throws SQLException {
        try (Connection pooled = database.getConnection()) {
            pooled.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            Connection rollbackFails = proxy(Connection.class, (method, args) -> switch (method.getName()) {
                case "close" -> null;
                case "rollback" -> throw new SQLException("connection lost");
                default -> method.invoke(pooled, args);
            });
            reconciliation.dataSource = proxy(DataSource.class, (method, args) -> rollbackFails);

            IllegalStateException failed = assertThrows(IllegalStateException.class, reconciliation::reconcile);
            assertEquals("Reconciliation failed: connection lost", failed.getMessage());
            assertTrue(pooled.getAutoCommit(), "auto-commit back");
            assertEquals(Connection.TRANSACTION_READ_COMMITTED, pooled.getTransactionIsolation(), "level back");
        }
    }

    private interface Call {
        Object invoke(Method method, Object[] args) throws Exception;
    }

    private static <T> T proxy(Class<T> type, Call call) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (proxy, method, args) -> {
                    try {
                        return call.invoke(method, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                }));
    }

    private long insertRun(String slot, String node) throws SQLException {
        long now = System.currentTimeMillis();
        try (Connection connection = database.getConnection();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO job_runs (job, slot, node,"
                     + " expired_orders, created_at, finished_at) VALUES (?, ?, ?, 0, ?, ?)",
                     Statement.RETURN_GENERATED_KEYS)) {
            insert.setString(1, OrderExpiryJob.NAME);
            insert.setString(2, slot);
            insert.setString(3, node);
            insert.setLong(4, now);
            insert.setLong(5, now);
            insert.executeUpdate();
            try (var keys = insert.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    /** A completed record of the slot's call, answering with run {@code runId}, as the engine writes it. */
    private void insertRecord(String slot, long runId) throws SQLException {
        long now = System.currentTimeMillis();
        try (Connection connection = database.getConnection();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO idempo_record (key_hash, action,"
                     + " scope, client_key, fingerprint, fingerprint_version, field_digests, status, response,"
                     + " created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, '1', '', 'COMPLETED', ?, ?, ?, ?)")) {
            insert.setString(1, String.format("%064x", Math.abs((long) (slot + runId).hashCode())));
            insert.setString(2, OrderExpiryJob.ACTION);
            insert.setString(3, OrderExpiryJob.NAME);
            insert.setString(4, slot);
            insert.setString(5, "0".repeat(64));
            insert.setString(6, "RESULT\n{\"id\":" + runId + ",\"slot\":\"" + slot + "\"}");
            insert.setLong(7, now);
            insert.setLong(8, now);
            insert.setLong(9, now + 7_200_000);
            insert.executeUpdate();
        }
    }
}
