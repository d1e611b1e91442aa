package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.GetResponse;
import io.idempo.messaging.MessageHeaders;
import io.idempo.messaging.ReceivedMessage;
import io.idempo.messaging.testing.ClaimMode;
import io.idempo.messaging.testing.Deliveries;
import io.idempo.messaging.testing.Eventually;
import io.idempo.messaging.testing.LedgerHarness;
import io.idempo.messaging.testing.ListenerQueues;
import io.idempo.messaging.testing.PaymentEvent;
import io.idempo.messaging.testing.PaymentMessages;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A handler that throws rolls its transaction back and the message is tried again, carrying its count; after the
 * last attempt it is dead-lettered with the reason, and nothing of it is stored. The queue keeps flowing.
 */
class HandlerFailureTest {

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#databases")
    void aHandlerThatFailsOnceSucceedsOnTheRetryWithOneEffect(DatabaseKind database, ClaimMode claims)
            throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "fails-once");
            AtomicBoolean failed = new AtomicBoolean();
            harness.ledger.afterWrite(event -> {
                if (failed.compareAndSet(false, true)) {
                    throw new IllegalStateException("simulated failure after the effect was written");
                }
            });
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "ledger")
                    .handler(deliveries.recording((event, message) -> harness.ledger.book(event)))
                    .start();
            try {
                broker.publish("", queue, PaymentMessages.of(new PaymentEvent("txn-1", "PAID", BigDecimal.ONE)));
                Eventually.await(Duration.ofSeconds(30), "the retry handled", () -> deliveries.returned() == 1);
            } finally {
                listener.close();
            }
            assertEquals(List.of(0, 1), deliveries.seen().stream().map(ReceivedMessage::attempts).toList(),
                    "the retry carries the count of failed attempts");
            assertEquals(2, harness.ledger.executions());
            assertEquals(1, harness.effects(), "the failed attempt's write rolled back");
            assertEquals(1, harness.records());
            assertEquals(0, broker.ready(queue), "the retry was acked");
            assertEquals(0, broker.ready(queue + ".dead"));
        }
    }

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#databases")
    void aHandlerThatAlwaysFailsIsDeadLetteredAfterFiveAttemptsWhileTheQueueFlows(DatabaseKind database,
                                                                                  ClaimMode claims) throws Exception {
        int good = 20;
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "always-fails");
            harness.ledger.afterWrite(event -> {
                if (event.channelTxnId().equals("txn-bad")) {
                    throw new IllegalStateException("the ledger refuses this transaction");
                }
            });
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "ledger")
                    .handler(deliveries.recording((event, message) -> harness.ledger.book(event)))
                    .start();
            String badId = UUID.randomUUID().toString();
            try {
                broker.publish("", queue,
                        PaymentMessages.of(badId, new PaymentEvent("txn-bad", "PAID", BigDecimal.ONE)));
                for (int i = 0; i < good; i++) {
                    broker.publish("", queue,
                            PaymentMessages.of(new PaymentEvent("txn-" + i, "PAID", BigDecimal.ONE)));
                }
                Eventually.await(Duration.ofSeconds(30), "the good messages handled and the bad one dead-lettered",
                        () -> deliveries.returned() == good && broker.ready(queue + ".dead") == 1);
            } finally {
                listener.close();
            }
            List<GetResponse> dead = broker.take(queue + ".dead");
            assertEquals(1, dead.size());
            Map<String, Object> headers = dead.get(0).getProps().getHeaders();
            assertEquals(badId, dead.get(0).getProps().getMessageId());
            assertEquals("HANDLER_FAILED", headers.get(MessageHeaders.ERROR_CODE).toString());
            assertEquals(5, headers.get(MessageHeaders.ATTEMPTS));
            assertEquals("ledger", headers.get(MessageHeaders.CONSUMER).toString());
            assertEquals(queue, headers.get(MessageHeaders.QUEUE).toString());
            assertEquals("The handler failed 5 times; the last failure was java.lang.IllegalStateException: the ledger"
                    + " refuses this transaction", headers.get(MessageHeaders.REASON).toString());
            assertEquals(2, dead.get(0).getProps().getDeliveryMode(), "persistent");
            assertEquals(5 + good, harness.ledger.executions(), "five attempts of the bad message, one of each good");
            assertEquals(good, harness.effects(), "nothing of the bad message is stored");
            assertEquals(good, harness.records());
            assertTrue(deliveries.seen().stream().filter(message -> message.id().equals(badId))
                    .map(ReceivedMessage::attempts).toList().equals(List.of(0, 1, 2, 3, 4)));
            assertEquals(0, broker.ready(queue));
        }
    }
}
