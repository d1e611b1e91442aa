package io.idempo.messaging.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.outbox.OutboxRelay;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.net.FaultProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The broker is unreachable for 10 s while business transactions keep writing events: the relay reaches it through a
 * fault proxy that resets every connection, open and new (the shared broker itself is never stopped). The relay backs
 * off, logs the outage once and the recovery once, and once the broker is back the backlog drains: nothing is lost,
 * the order of each aggregate holds, and the consumer applies each event once.
 */
class BrokerDownTest {

    @ParameterizedTest
    @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
    void theBacklogOfATenSecondOutageDrainsOnceTheBrokerIsBack(DatabaseKind kind) throws Exception {
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try (OutboxRig rig = new OutboxRig(kind).withConsumer(); RelayLog log = new RelayLog();
             FaultProxy proxy = FaultProxy.to(rig.broker.uri().getPort());
             OutboxRelay.Running relay = rig.relay("relay", rig.publisher(proxy.port()))
                     .pollInterval(Duration.ofMillis(100)).maxBackoff(Duration.ofSeconds(2)).build().start()) {
            AtomicBoolean writing = new AtomicBoolean(true);
            Future<List<String>> written = writer.submit(() -> {
                List<String> ids = new ArrayList<>();
                while (writing.get()) {
                    ids.addAll(rig.write(10, 50));
                    Thread.sleep(100);
                }
                return ids;
            });
            Thread.sleep(3_000);
            proxy.reset();
            int sentWhenItWentDown = rig.count("SENT");
            Thread.sleep(10_000);
            assertTrue(rig.count("PENDING") > 0, "events piled up while the broker was away");
            assertEquals(sentWhenItWentDown, rig.count("SENT"), "nothing is marked sent while the broker is away");
            proxy.pass();
            Thread.sleep(3_000);
            writing.set(false);
            List<String> ids = written.get();

            rig.assertNoneLostInOrderAppliedOnce(ids, null); // a batch cut off in flight may go out twice
            assertEquals(List.of("broker-down", "running"), log.states(), "one line per change of state");
        } finally {
            writer.shutdownNow();
        }
    }
}
