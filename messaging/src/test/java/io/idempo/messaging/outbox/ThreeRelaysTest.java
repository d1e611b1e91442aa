package io.idempo.messaging.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.messaging.testing.Eventually;
import io.idempo.outbox.OutboxRelay;
import io.idempo.testing.database.DatabaseKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Three relays on one table at once, over 10,000 events of 500 aggregates: every event reaches the broker, none twice,
 * the events of each aggregate in the order they were written, and each relay did part of the work (with 500 heads
 * due at a time, two relays holding a batch of 100 each leave heads for the third).
 */
class ThreeRelaysTest {

    private static final int EVENTS = 10_000;
    private static final int AGGREGATES = 500;

    @ParameterizedTest
    @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
    void threeRelaysPublishEveryEventOnceInTheOrderOfItsAggregate(DatabaseKind kind) throws Exception {
        try (OutboxRig rig = new OutboxRig(kind)) {
            List<String> ids = rig.write(EVENTS, AGGREGATES);
            List<CountingPublisher> publishers = new ArrayList<>();
            List<OutboxRelay.Running> relays = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                CountingPublisher publisher = new CountingPublisher(rig.publisher(rig.broker.uri().getPort()));
                publishers.add(publisher);
                relays.add(rig.relay("relay-" + i, publisher).pollInterval(Duration.ofMillis(100)).build().start());
            }
            try {
                Eventually.await(Duration.ofSeconds(120), "every event sent", () -> rig.count("SENT") == EVENTS);
                Eventually.await(Duration.ofSeconds(60), "every event on the wire",
                        () -> rig.wire.seen().size() >= EVENTS);
            } finally {
                relays.forEach(OutboxRelay.Running::close);
            }

            Map<String, Integer> onTheWire = rig.wire.counts();
            assertEquals(new HashSet<>(ids), onTheWire.keySet(), "every event, and nothing else, was published");
            assertEquals(EVENTS, rig.wire.seen().size(), "healthy relays publish no event twice");
            assertEquals(List.of(), rig.wire.outOfOrder());
            assertEquals(0, rig.count("PENDING"));
            for (CountingPublisher publisher : publishers) {
                assertTrue(publisher.confirmed.get() > 0, "each relay published a share: " + publishers.stream()
                        .map(each -> each.confirmed.get()).toList());
            }
        }
    }
}
