package io.idempo.example.plainjava;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.redis.RedisKeyspace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The demo Main runs, on each database the example supports and with each claim store: it fails by itself when a
 * step does not go as it says, and afterwards each key it used holds one business row and one record.
 */
class DemoScenarioTest {

    /** The shared Redis, under a key prefix of the test's own. */
    private static final String REDIS_URL = "redis://127.0.0.1:6379";

    @ParameterizedTest(name = "{0}")
    @EnumSource(DatabaseKind.class)
    void inJvmClaims(DatabaseKind database) throws Exception {
        try (ScratchDatabase scratch = ScratchDatabase.create(database)) {
            runDemo(scratch, ScratchDatabase::settings);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(DatabaseKind.class)
    void redisClaims(DatabaseKind database) throws Exception {
        RedisKeyspace redis = new RedisKeyspace(REDIS_URL, "idempo-example-test:" + UUID.randomUUID() + ":");
        try (ScratchDatabase scratch = ScratchDatabase.create(database)) {
            runDemo(scratch, s -> s.settings(redis.url(), redis.prefix()));
            assertTrue(redis.count() >= 3, "the claims and outcomes of the three keys are in Redis");
        } finally {
            redis.deleteAll();
        }
    }

    private static void runDemo(ScratchDatabase scratch, Function<ScratchDatabase, Settings> settings)
            throws Exception {
        DemoPaymentProvider payments = new DemoPaymentProvider();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Demo.Keys keys;
        try (Application application = Application.start(settings.apply(scratch), payments)) {
            keys = new Demo(application, payments, new PrintStream(printed, true, StandardCharsets.UTF_8)).run();
        }
        String output = printed.toString(StandardCharsets.UTF_8);
        assertTrue(output.contains("differing fields [request.quantity, request.amountCents]"), output);

        for (String orderKey : new String[] {keys.replayed(), keys.concurrent()}) {
            assertEquals(1, scratch.count("SELECT COUNT(*) FROM shop_order WHERE order_key = ?", orderKey),
                    "one order for " + orderKey);
            assertEquals(1, scratch.count("SELECT COUNT(*) FROM idempo_record WHERE action = 'orders.place'"
                    + " AND client_key = ? AND status = 'COMPLETED'", orderKey),
                    "one completed record for " + orderKey);
        }
        assertEquals(2, scratch.count("SELECT COUNT(*) FROM shop_order"), "no other order");
        assertEquals(1990, scratch.count("SELECT paid_cents FROM shop_order WHERE order_key = ?", keys.replayed()),
                "the settlement delivered twice was added once");
        assertEquals(1, scratch.count("SELECT COUNT(*) FROM idempo_record WHERE action = 'payments.settle'"
                + " AND client_key = ?", keys.settlementEvent()));
        assertEquals(3, scratch.count("SELECT COUNT(*) FROM idempo_record"), "no other record");
    }
}
