package io.idempo.runtime.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@link JdbcTransactions} on H2 and the local PostgreSQL: what it commits and rolls back is read back from the
 * database on a connection of its own, and the after-completion callbacks report what really happened.
 */
class JdbcTransactionsTest {

    enum Database {
        H2, POSTGRESQL;

        DataSource dataSource() {
            if (this == H2) {
                JdbcDataSource h2 = new JdbcDataSource();
                h2.setURL("jdbc:h2:mem:jdbc_tx;DB_CLOSE_DELAY=-1");
                h2.setUser("sa");
                return h2;
            }
            PGSimpleDataSource postgres = new PGSimpleDataSource();
            postgres.setUrl("jdbc:postgresql://127.0.0.1:5432/test");
            postgres.setUser("postgres");
            return postgres;
        }
    }

    /** A stored business outcome, as an {@code @Idempotent} method's {@code storeExceptions} would name it. */
    static final class OutOfStockException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfStockException(String message) {
            super(message);
        }
    }

    private DataSource dataSource;
    private String table;
    private JdbcTransactions transactions;
    private final List<Boolean> outcomes = new CopyOnWriteArrayList<>();

    private void setUp(Database database) throws SQLException {
        this.dataSource = database.dataSource();
        this.table = "jdbc_tx_" + UUID.randomUUID().toString().substring(0, 8);
        this.transactions = new JdbcTransactions(dataSource);
        execute("CREATE TABLE " + table + " (id VARCHAR(40) PRIMARY KEY)");
    }

    @AfterEach
    void dropTable() throws SQLException {
        if (table != null) {
            execute("DROP TABLE " + table);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** Writes a row on the transaction's connection and registers a callback that records the outcome. */
    private void insert(String id) throws SQLException {
        try (PreparedStatement statement = transactions.currentConnection()
                .prepareStatement("INSERT INTO " + table + " (id) VALUES (?)")) {
            statement.setString(1, id);
            statement.executeUpdate();
        }
        transactions.afterCompletion(outcomes::add);
    }

    /** The committed rows, read on a connection of its own. */
    private List<String> rows() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT id FROM " + table + " ORDER BY id")) {
            List<String> ids = new java.util.ArrayList<>();
            while (result.next()) {
                ids.add(result.getString(1));
            }
            return ids;
        }
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void aReturningWorkCommitsAndTheConnectionIsGivenBack(Database database) throws Exception {
        setUp(database);
        assertFalse(transactions.isActive());
        AtomicReference<Connection> used = new AtomicReference<>();
        String result = transactions.inTransaction(() -> {
            assertTrue(transactions.isActive());
            used.set(transactions.currentConnection());
            assertFalse(used.get().getAutoCommit(), "one transaction, not autocommitted statements");
            insert("a");
            insert("b");
            return "done";
        });
        assertEquals("done", result);
        assertEquals(List.of("a", "b"), rows());
        assertEquals(List.of(true, true), outcomes, "every callback learns of the commit");
        assertFalse(transactions.isActive());
        assertTrue(used.get().isClosed(), "the connection is closed (given back) after the transaction");
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void anyThrowingWorkRollsBackAndTheSameExceptionPropagates(Database database) throws Exception {
        setUp(database);
        IOException checked = new IOException("checked failure");
        assertSame(checked, assertThrows(IOException.class, () -> transactions.inTransaction(() -> {
            insert("checked");
            throw checked;
        })));
        IllegalStateException unchecked = new IllegalStateException("unchecked failure");
        assertSame(unchecked, assertThrows(IllegalStateException.class, () -> transactions.inTransaction(() -> {
            insert("unchecked");
            throw unchecked;
        })));
        AssertionError error = new AssertionError("an Error");
        assertSame(error, assertThrows(AssertionError.class, () -> transactions.inTransaction(() -> {
            insert("error");
            throw error;
        })));
        assertEquals(List.of(), rows());
        assertEquals(List.of(false, false, false), outcomes);
        assertFalse(transactions.isActive(), "no transaction is left bound to the thread");
        transactions.inTransaction(() -> {
            insert("after");
            return null;
        });
        assertEquals(List.of("after"), rows());
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void aStoredOutcomeMarkedWithCommitDespiteCommitsAndIsStillThrown(Database database) throws Exception {
        setUp(database);
        OutOfStockException stored = new OutOfStockException("only 3 left");
        assertSame(stored, assertThrows(OutOfStockException.class, () -> transactions.inTransaction(() -> {
            insert("stored");
            transactions.commitDespite(stored);
            throw stored;
        })));
        assertEquals(List.of("stored"), rows(), "the record of a stored outcome must commit");
        assertEquals(List.of(true), outcomes);

        OutOfStockException other = new OutOfStockException("another instance");
        assertThrows(OutOfStockException.class, () -> transactions.inTransaction(() -> {
            insert("other");
            transactions.commitDespite(stored);
            throw other;
        }));
        assertEquals(List.of("stored"), rows(), "only that very exception commits, not its type");
        assertEquals(List.of(true, false), outcomes);

        transactions.commitDespite(stored); // no transaction: nothing to mark, no failure
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void aNestedTransactionIsRefusedAndTheOuterOneDecidesAlone(Database database) throws Exception {
        setUp(database);
        AtomicBoolean nestedRan = new AtomicBoolean();
        transactions.inTransaction(() -> {
            insert("outer");
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> transactions.inTransaction(() -> {
                        nestedRan.set(true);
                        return null;
                    }));
            assertTrue(refused.getMessage().contains("nested transactions are not supported"), refused.getMessage());
            assertTrue(transactions.isActive(), "the outer transaction is still bound");
            insert("outer-after");
            return null;
        });
        assertFalse(nestedRan.get(), "the nested work never ran");
        assertEquals(List.of("outer", "outer-after"), rows());
        assertEquals(List.of(true, true), outcomes);
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void aFailingCallbackDoesNotKeepTheOthersFromRunning(Database database) throws Exception {
        setUp(database);
        List<String> ran = new CopyOnWriteArrayList<>();
        String result = transactions.inTransaction(() -> {
            insert("a");
            transactions.afterCompletion(committed -> {
                ran.add("first");
                throw new IllegalStateException("callback failure");
            });
            transactions.afterCompletion(committed -> ran.add("second:" + committed));
            return "ok";
        });
        assertEquals("ok", result, "the failing callback does not turn a commit into a failure");
        assertEquals(List.of("first", "second:true"), ran);
        assertEquals(List.of(true), outcomes);
        assertEquals(List.of("a"), rows());
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void inNewTransactionRollsBackWhenThePredicateRefusesTheResult(Database database) throws Exception {
        setUp(database);
        String result = transactions.inNewTransaction(() -> {
            try {
                insert("refused");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return "keep-out";
        }, value -> !value.equals("keep-out"));
        assertEquals("keep-out", result);
        assertEquals(List.of(), rows());
        assertEquals(List.of(false), outcomes);
    }

    @Test
    void outsideATransactionTheConnectionAndCallbacksAreRefusedClearly() throws Exception {
        setUp(Database.H2);
        assertTrue(assertThrows(IllegalStateException.class, transactions::currentConnection).getMessage()
                .contains("JdbcTransactions.inTransaction"));
        assertThrows(IllegalStateException.class, () -> transactions.afterCompletion(outcomes::add));
        assertThrows(IllegalStateException.class, transactions::executor);
    }

    /**
     * A commit that fails: PostgreSQL checks a deferred unique constraint at COMMIT. The failure is reported as
     * such, and the callbacks hear "not committed".
     */
    @Test
    void aFailedCommitIsReportedAndTheCallbacksHearFalse() throws Exception {
        setUp(Database.POSTGRESQL);
        String deferred = table + "_d";
        execute("CREATE TABLE " + deferred + " (v INT, CONSTRAINT " + deferred + "_u UNIQUE (v)"
                + " DEFERRABLE INITIALLY DEFERRED)");
        try {
            TransactionFailedException failed = assertThrows(TransactionFailedException.class,
                    () -> transactions.inTransaction(() -> {
                        insert("a");
                        try (Statement statement = transactions.currentConnection().createStatement()) {
                            statement.executeUpdate("INSERT INTO " + deferred + " (v) VALUES (1), (1)");
                        }
                        return "unreachable";
                    }));
            assertInstanceOf(SQLException.class, failed.getCause());
            assertEquals(List.of(), rows());
            assertEquals(List.of(false), outcomes);
            assertFalse(transactions.isActive());
        } finally {
            execute("DROP TABLE " + deferred);
        }
    }
}
