package io.idempo.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.IdempotentOperation;
import io.idempo.runtime.RecordKey;
import io.idempo.runtime.claim.InMemoryClaimStore;
import io.idempo.runtime.record.DatabaseUnderTest;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.tx.JdbcTransactions;
import io.idempo.testing.TestClock;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Events written by idempotent calls: they commit and roll back with the call, a duplicate writes none, a retry after
 * a rollback writes the same ids, and a key that runs again after its TTL writes ids of its own.
 */
class OutboxInCallTest {

    private static final Duration TTL = Duration.ofMinutes(30);
    private static final IdempotentOperation<String> PLACE = IdempotentOperation.of("orders.create", String.class)
            .ttl(TTL);

    private final TestClock clock = new TestClock();
    private final AtomicInteger runs = new AtomicInteger();
    private HikariDataSource pool;
    private OutboxTable table;
    private String recordTable;
    private IdempotencyEngine engine;
    private Idempotency.Installation installation;
    private JdbcTransactions transactions;
    private Outbox outbox;

    private void start(DatabaseUnderTest database) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.url);
        config.setUsername(database.user);
        config.setMaximumPoolSize(4);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        pool = new HikariDataSource(config);
        table = OutboxTable.create(database);
        recordTable = "idem_o_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String ddl : RecordSchema.statements(database.dialect, recordTable)) {
                statement.execute(ddl);
            }
        }
        transactions = new JdbcTransactions(pool);
        engine = IdempotencyEngine.builder()
                .claimStore(new InMemoryClaimStore(clock))
                .recordStore(RecordStore.builder(database.dialect).table(recordTable).clock(clock).build())
                .transactions(transactions)
                .responseCodec(JsonbResponseCodec.create())
                .clock(clock)
                .build();
        installation = Idempotency.install(engine);
        outbox = new Outbox(table.store().clock(clock).build(), transactions);
    }

    @AfterEach
    void stop() throws Exception {
        installation.close();
        engine.close();
        table.close();
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE " + recordTable);
        }
        pool.close();
    }

    @ParameterizedTest
    @EnumSource(value = DatabaseUnderTest.class, names = {"POSTGRESQL", "MARIADB", "H2"})
    void theEventsCommitWithTheCallAndADuplicateWritesNone(DatabaseUnderTest database) throws Exception {
        start(database);
        String first = placeOrder("order-key-1", "order-1");
        assertEquals(List.of(first.split(",")[0] + "|shop.events|order-1|ORDER_PLACED|PENDING|0",
                first.split(",")[1] + "|shop.events|order-1|ORDER_CONFIRMED|PENDING|0"), table.rows());

        assertEquals(first, placeOrder("order-key-1", "order-1"), "the duplicate replays the first call's ids");
        assertEquals(1, runs.get());
        assertEquals(2, table.rows().size());
        String hash = new RecordKey("orders.create", "", "order-key-1").hash();
        assertEquals(EventIds.derived(hash, 0, 0) + "," + EventIds.derived(hash, 0, 1), first);
    }

    @ParameterizedTest
    @EnumSource(value = DatabaseUnderTest.class, names = {"POSTGRESQL", "MARIADB", "H2"})
    void aCallThatRollsBackLeavesNoEventAndItsRetryWritesTheSameIds(DatabaseUnderTest database) throws Exception {
        start(database);
        List<String> attempted = new ArrayList<>();
        assertThrows(IllegalStateException.class, () -> PLACE.call("order-key-2", "order-2", () -> {
            attempted.add(outbox.publish("shop.events", "ORDER_PLACED", "order-2", "{}"));
            throw new IllegalStateException("the business write failed after the event");
        }));
        assertEquals(List.of(), table.rows());

        String retried = PLACE.call("order-key-2", "order-2", () ->
                outbox.publish("shop.events", "ORDER_PLACED", "order-2", "{}"));
        assertEquals(attempted, List.of(retried));
        assertEquals(List.of(retried + "|shop.events|order-2|ORDER_PLACED|PENDING|0"), table.rows());
    }

    @ParameterizedTest
    @EnumSource(value = DatabaseUnderTest.class, names = {"POSTGRESQL", "MARIADB", "H2"})
    void aKeyThatRunsAgainAfterItsTtlWritesIdsOfItsOwn(DatabaseUnderTest database) throws Exception {
        start(database);
        String first = placeOrder("order-key-3", "order-3");
        clock.advance(TTL.plusSeconds(1));
        String second = placeOrder("order-key-3", "order-3");

        assertEquals(2, runs.get(), "after the TTL the same key runs again: the documented contract");
        String hash = new RecordKey("orders.create", "", "order-key-3").hash();
        assertEquals(EventIds.derived(hash, 1, 0) + "," + EventIds.derived(hash, 1, 1), second);
        assertNotEquals(first, second);
        assertEquals(4, table.rows().size(), "the first run's events are still there, untouched");
    }

    @ParameterizedTest
    @EnumSource(value = DatabaseUnderTest.class, names = {"POSTGRESQL", "MARIADB", "H2"})
    void outsideAnIdempotentCallAnEventNeedsATransactionAndGetsARandomId(DatabaseUnderTest database)
            throws Exception {
        start(database);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () ->
                outbox.publish("shop.events", "ORDER_PLACED", "order-4", "{}"));
        assertTrue(refused.getMessage().contains("needs a transaction"), refused.getMessage());
        assertEquals(List.of(), table.rows());

        String id = transactions.inTransaction(() -> outbox.publish("shop.events", "ORDER_PLACED", "order-4",
                eventId -> "{\"eventId\":\"" + eventId + "\"}"));
        assertEquals(4, UUID.fromString(id).version(), "a random UUID");
        assertEquals(List.of(id + "|shop.events|order-4|ORDER_PLACED|PENDING|0"), table.rows());
        String payload = table.inTransaction(sql -> (String) sql.query("SELECT payload FROM " + table.name)
                .get(0)[0]);
        assertEquals("{\"eventId\":\"" + id + "\"}", payload, "the body names the event's own id");
    }

    /** An order whose call writes two events; returns their ids, comma-separated. */
    private String placeOrder(String key, String orderId) throws Exception {
        return PLACE.call(key, orderId, () -> {
            runs.incrementAndGet();
            String placed = outbox.publish("shop.events", "ORDER_PLACED", orderId, "{}");
            String confirmed = outbox.publish("shop.events", "ORDER_CONFIRMED", orderId, "{}");
            return placed + "," + confirmed;
        });
    }
}
