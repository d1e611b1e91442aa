package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.rabbitmq.client.GetResponse;
import io.idempo.messaging.DeadLetterCode;
import io.idempo.messaging.MessageHeaders;
import io.idempo.messaging.testing.ClaimMode;
import io.idempo.messaging.testing.Eventually;
import io.idempo.messaging.testing.LedgerHarness;
import io.idempo.messaging.testing.ListenerQueues;
import io.idempo.messaging.testing.LogCapture;
import io.idempo.messaging.testing.PaymentEvent;
import io.idempo.messaging.testing.PaymentMessages;
import io.idempo.messaging.testing.Setups;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.rabbitmq.OutgoingMessage;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Messages that can never be handled are dead-lettered at once, on their first delivery, with their code and one
 * WARNING line; nothing is stored and the idempotent method never runs. Each poison goes to a listener whose
 * handler settles by the business key, or books by the message id when the message says {@code route: book}.
 */
class PoisonMessageTest {

    /** A message that cannot be handled, and the code it must be dead-lettered with. */
    enum Poison {
        NOT_JSON(DeadLetterCode.BODY_UNBINDABLE, "settle", "this is not JSON"),
        MISSING_FIELD(DeadLetterCode.BODY_UNBINDABLE, "settle", "{\"channelTxnId\":\"t-1\",\"amount\":5}"),
        WRONG_TYPE(DeadLetterCode.BODY_UNBINDABLE, "settle",
                "{\"channelTxnId\":\"t-2\",\"status\":\"PAID\",\"amount\":{\"secret\":5}}"),
        INVALID_UTF8(DeadLetterCode.BODY_NOT_UTF8, "settle", null),
        TWO_MIB(DeadLetterCode.BODY_TOO_LARGE, "settle", null),
        TEMPLATE_KEY_NULL(DeadLetterCode.KEY_MISSING, "settle",
                "{\"channelTxnId\":null,\"status\":\"PAID\",\"amount\":5}"),
        NO_MESSAGE_ID(DeadLetterCode.KEY_MISSING, "book",
                "{\"channelTxnId\":\"t-3\",\"status\":\"PAID\",\"amount\":5}"),
        INVALID_MESSAGE_ID(DeadLetterCode.KEY_INVALID, "book",
                "{\"channelTxnId\":\"t-4\",\"status\":\"PAID\",\"amount\":5}");

        final DeadLetterCode code;
        final String route;
        final String json;

        Poison(DeadLetterCode code, String route, String json) {
            this.code = code;
            this.route = route;
            this.json = json;
        }

        byte[] body() {
            if (this == INVALID_UTF8) {
                byte[] prefix = "{\"channelTxnId\":\"t-5".getBytes(StandardCharsets.UTF_8);
                byte[] rest = "\",\"status\":\"PAID\",\"amount\":5}".getBytes(StandardCharsets.UTF_8);
                byte[] body = Arrays.copyOf(prefix, prefix.length + 2 + rest.length);
                body[prefix.length] = (byte) 0xC3; // a lead byte followed by no continuation byte
                body[prefix.length + 1] = (byte) 0x28;
                System.arraycopy(rest, 0, body, prefix.length + 2, rest.length);
                return body;
            }
            if (this == TWO_MIB) {
                byte[] body = new byte[2 * 1024 * 1024];
                Arrays.fill(body, (byte) ' ');
                body[0] = '{';
                body[body.length - 1] = '}';
                return body;
            }
            return json.getBytes(StandardCharsets.UTF_8);
        }

        String messageId() {
            return switch (this) {
                case NO_MESSAGE_ID -> null;
                case INVALID_MESSAGE_ID -> "not a key!";
                default -> UUID.randomUUID().toString();
            };
        }
    }

    static Stream<Arguments> poisonOnEachDatabase() {
        return Setups.databases().flatMap(setup -> Stream.of(Poison.values())
                .map(poison -> Arguments.of(poison, setup.get()[0], setup.get()[1])));
    }

    @ParameterizedTest(name = "{0} on {1} + {2}")
    @MethodSource("poisonOnEachDatabase")
    void aPoisonMessageIsDeadLetteredAtOnceWithItsCodeAndNothingIsStored(Poison poison, DatabaseKind database,
                                                                        ClaimMode claims) throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local();
             LogCapture log = new LogCapture()) {
            String queue = ListenerQueues.queue(broker, "poison");
            RabbitListener listener = TestListeners.builder(queue, "ledger")
                    .handler((event, message) -> {
                        if ("book".equals(message.headers().get("route"))) {
                            harness.ledger.book(event);
                        } else {
                            harness.ledger.settle(event);
                        }
                    })
                    .start();
            String messageId = poison.messageId();
            byte[] body = poison.body();
            try {
                broker.publish("", queue,
                        OutgoingMessage.persistent(messageId, "application/json", Map.of("route", poison.route), body));
                Eventually.await(Duration.ofSeconds(30), "the poison dead-lettered",
                        () -> broker.ready(queue + ".dead") == 1);
            } finally {
                listener.close();
            }
            List<GetResponse> dead = broker.take(queue + ".dead");
            assertEquals(1, dead.size());
            Map<String, Object> headers = dead.get(0).getProps().getHeaders();
            assertEquals(poison.code.name(), headers.get(MessageHeaders.ERROR_CODE).toString());
            assertEquals(1, headers.get(MessageHeaders.ATTEMPTS), "dead-lettered on its first delivery");
            assertEquals("ledger", headers.get(MessageHeaders.CONSUMER).toString());
            String reason = headers.get(MessageHeaders.REASON).toString();
            assertFalse(reason.isBlank());
            assertFalse(reason.contains("secret") || reason.contains("t-"), "no value of the body: " + reason);
            assertEquals(messageId, dead.get(0).getProps().getMessageId(), "the message id is kept");
            assertArrayEquals(body, dead.get(0).getBody(), "the body is kept as it was");
            assertEquals(0, harness.ledger.executions(), "the idempotent method never ran");
            assertEquals(0, harness.records(), "no record");
            assertEquals(0, harness.effects(), "no effect");
            assertEquals(0, broker.ready(queue));
            List<String> lines = log.warnings().stream().filter(line -> line.contains(queue)).toList();
            assertEquals(1, lines.size(), "one line: " + lines);
            assertEquals(true, lines.get(0).contains("code=" + poison.code), lines.get(0));
        }
    }

    /** The message id of a message already handled, on another body: refused, the first outcome kept. */
    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#databases")
    void aMessageIdReusedForAnotherBodyIsDeadLetteredAsKeyReused(DatabaseKind database, ClaimMode claims)
            throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "key-reused");
            RabbitListener listener = TestListeners.builder(queue, "ledger")
                    .handler((event, message) -> harness.ledger.book(event))
                    .start();
            String id = UUID.randomUUID().toString();
            try {
                broker.publish("", queue,
                        PaymentMessages.of(id, new PaymentEvent("txn-1", "PAID", new BigDecimal("5.00"))));
                broker.publish("", queue,
                        PaymentMessages.of(id, new PaymentEvent("txn-1", "PAID", new BigDecimal("6.00"))));
                Eventually.await(Duration.ofSeconds(30), "the second body dead-lettered",
                        () -> broker.ready(queue + ".dead") == 1);
            } finally {
                listener.close();
            }
            GetResponse dead = broker.take(queue + ".dead").get(0);
            assertEquals("KEY_REUSED", dead.getProps().getHeaders().get(MessageHeaders.ERROR_CODE).toString());
            assertEquals(true, dead.getProps().getHeaders().get(MessageHeaders.REASON).toString().contains("(event)"),
                    "the reason names the differing field");
            assertEquals(1, harness.effects(), "the first body's effect, once");
            assertEquals(1, harness.records());
            assertEquals(0, broker.ready(queue));
        }
    }
}
