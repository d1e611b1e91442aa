package io.idempo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.runtime.internal.RunningCall;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The running call is known to the method's own code, and only there: the outbox's ids rest on it. */
class RunningCallTest {

    private IdempotencyEngine engine;
    private Idempotency.Installation installation;

    @BeforeEach
    void start() throws SQLException {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:running_call;DB_CLOSE_DELAY=-1");
        try (Connection connection = h2.getConnection(); Statement statement = connection.createStatement()) {
            for (String ddl : RecordSchema.statements(SqlDialect.H2, "running_call_record")) {
                statement.execute(ddl);
            }
        }
        engine = IdempotencyEngine.builder()
                .recordStore(RecordStore.builder(SqlDialect.H2).table("running_call_record").build())
                .transactions(new JdbcTransactions(h2))
                .responseCodec(new TextResults())
                .build();
        installation = Idempotency.install(engine);
    }

    @AfterEach
    void stop() {
        installation.close();
        engine.close();
    }

    @Test
    void theMethodSeesItsCallAndNestedCallsTheirOwnAndNothingOutlivesThem() throws Exception {
        List<String> seen = new ArrayList<>();
        IdempotentOperation<String> outer = IdempotentOperation.of("orders.outer", String.class);
        IdempotentOperation<String> inner = IdempotentOperation.of("orders.inner", String.class).scopedTo("x");
        outer.call("outer-key-1", "a", () -> {
            RunningCall call = RunningCall.current().orElseThrow();
            seen.add(call.action() + ":" + call.nextSequence() + ":" + call.nextSequence());
            engine.call(inner, "inner-key-1", "b", () -> {
                seen.add(RunningCall.current().orElseThrow().action());
                return "inner";
            });
            seen.add(RunningCall.current().orElseThrow().action() + ":" + call.nextSequence());
            return "outer";
        });
        assertEquals(List.of("orders.outer:0:1", "orders.inner", "orders.outer:2"), seen);
        assertEquals(Optional.empty(), RunningCall.current());

        outer.call("outer-key-1", "a", () -> {
            throw new AssertionError("a replayed duplicate does not run, so it publishes nothing");
        });
        assertThrows(IllegalStateException.class, () -> outer.call("outer-key-2", "a", () -> {
            throw new IllegalStateException("failed");
        }));
        assertTrue(RunningCall.current().isEmpty(), "cleared after a failure too");
    }
}
