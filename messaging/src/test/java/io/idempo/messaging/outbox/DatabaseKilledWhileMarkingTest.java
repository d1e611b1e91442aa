package io.idempo.messaging.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.outbox.OutboxEvent;
import io.idempo.outbox.OutboxRelay;
import io.idempo.outbox.PublishResult;
import io.idempo.outbox.Publisher;
import io.idempo.testing.database.DatabaseKind;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The relay's database session is killed ({@code pg_terminate_backend}, MariaDB {@code KILL CONNECTION}) after the
 * broker confirmed a batch and before the batch is marked sent. The mark fails, the relay reports the database down
 * and backs off, and its next batch publishes the same events again and marks them: on the wire twice, in effect once.
 */
class DatabaseKilledWhileMarkingTest {

    private static final int EVENTS = 300;

    @ParameterizedTest
    @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
    void aBatchWhoseMarkDiedIsPublishedAgainAndAppliedOnce(DatabaseKind kind) throws Exception {
        try (OutboxRig rig = new OutboxRig(kind).withConsumer(); RelayLog log = new RelayLog()) {
            List<String> ids = rig.write(EVENTS, 100);
            Publisher rabbit = rig.publisher(rig.broker.uri().getPort());
            CompletableFuture<List<String>> confirmed = new CompletableFuture<>();
            CountDownLatch killed = new CountDownLatch(1);
            AtomicInteger batches = new AtomicInteger();
            Publisher killingAfterTheFirstConfirms = events -> {
                PublishResult result = rabbit.publish(events);
                if (batches.incrementAndGet() == 1) {
                    confirmed.complete(events.stream().map(OutboxEvent::id).toList());
                    awaitQuietly(killed); // the relay's transaction is open, its rows locked, the mark not yet sent
                }
                return result;
            };
            try (OutboxRelay.Running relay = rig.relay("relay", killingAfterTheFirstConfirms).batchSize(100)
                    .pollInterval(Duration.ofMillis(100)).build().start()) {
                List<String> firstBatch = confirmed.get(30, TimeUnit.SECONDS);
                assertTrue(rig.schema.killSessions() > 0, "the relay's session was killed");
                killed.countDown();
                rig.assertNoneLostInOrderAppliedOnce(ids, firstBatch);
            }
            assertEquals(List.of("database-down", "running"), log.states());
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
