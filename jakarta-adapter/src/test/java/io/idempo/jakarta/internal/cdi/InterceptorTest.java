package io.idempo.jakarta.internal.cdi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import io.idempo.jakarta.internal.CdiDeployment;
import io.idempo.jsonb.JsonbResponseCodec;
import io.idempo.runtime.Idempotency;
import io.idempo.runtime.IdempotencyEngine;
import io.idempo.runtime.IdempotencyKeyReusedException;
import io.idempo.runtime.record.RecordSchema;
import io.idempo.runtime.record.RecordStore;
import io.idempo.runtime.record.SqlDialect;
import io.idempo.runtime.tx.JdbcTransactions;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Jakarta EE without a weaving plugin: the extension binds the adapter's interceptor to every {@code @Idempotent}
 * method of a bean that was not woven, and the interceptor runs it through the engine, once per key. (That woven
 * classes are left alone is proved end to end: the example's default build is woven, and each of its first calls
 * would otherwise meet its own claim.)
 */
class InterceptorTest {

    @ApplicationScoped
    public static class Orders {
        private final AtomicInteger runs = new AtomicInteger();

        public int runs() {
            return runs.get();
        }

        @Idempotent(action = "cdi.orders.place")
        public String place(@IdempotencyKey String key, String item) {
            return item + "#" + runs.incrementAndGet();
        }

        public String notIdempotent(String item) {
            return item + "#" + runs.incrementAndGet();
        }
    }

    private IdempotencyEngine engine;
    private Idempotency.Installation installation;
    private WeldContainer container;

    @BeforeEach
    void start() throws SQLException {
        JdbcDataSource h2 = new JdbcDataSource();
        String table = "cdi_" + UUID.randomUUID().toString().substring(0, 8);
        h2.setURL("jdbc:h2:mem:cdi;DB_CLOSE_DELAY=-1");
        try (Connection connection = h2.getConnection(); Statement statement = connection.createStatement()) {
            for (String ddl : RecordSchema.statements(SqlDialect.H2, table)) {
                statement.execute(ddl);
            }
        }
        engine = IdempotencyEngine.builder()
                .recordStore(RecordStore.builder(SqlDialect.H2).table(table).build())
                .transactions(new JdbcTransactions(h2))
                .responseCodec(JsonbResponseCodec.create())
                .build();
        installation = Idempotency.install(engine);
        container = CdiDeployment.of(Orders.class).initialize();
    }

    @AfterEach
    void stop() {
        container.shutdown();
        installation.close();
        engine.close();
    }

    @Test
    void anUnwovenIdempotentMethodRunsOncePerKey() {
        Orders orders = container.select(Orders.class).get();
        String key = "cdi-" + UUID.randomUUID();
        assertEquals(List.of("book#1", "book#1", "pen#2"), List.of(orders.place(key, "book"), orders.place(key, "book"),
                orders.place("other-" + key, "pen")));
        assertEquals(2, orders.runs(), "the duplicate was replayed by the engine");
        IdempotencyKeyReusedException reused = assertThrows(IdempotencyKeyReusedException.class,
                () -> orders.place(key, "lamp"));
        assertEquals(List.of("item"), reused.differingFields());
        assertEquals("x#3", orders.notIdempotent("x"), "methods without @Idempotent are not intercepted");
    }
}
