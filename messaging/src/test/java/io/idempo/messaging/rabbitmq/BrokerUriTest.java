package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.messaging.testing.ClaimMode;
import io.idempo.messaging.testing.Eventually;
import io.idempo.messaging.testing.LedgerHarness;
import io.idempo.messaging.testing.ListenerQueues;
import io.idempo.messaging.testing.PaymentEvent;
import io.idempo.messaging.testing.PaymentMessages;
import io.idempo.testing.database.DatabaseKind;
import io.idempo.testing.rabbitmq.RabbitBroker;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The broker's URI as operators write it: with or without a trailing slash, or with the default virtual host spelled
 * out ({@code %2F}), the listener reaches the default virtual host {@code /} of the local broker and consumes.
 */
class BrokerUriTest {

    @ParameterizedTest(name = "path \"{0}\"")
    @ValueSource(strings = {"", "/", "/%2F"})
    void theDefaultVirtualHostIsReachedWhateverTheSpelling(String path) throws Exception {
        try (LedgerHarness harness = new LedgerHarness(DatabaseKind.POSTGRESQL, ClaimMode.IN_MEMORY);
             RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "uri");
            try (RabbitListener listener = TestListeners.builder(queue, "ledger").uri(server() + path)
                    .handler((event, message) -> harness.ledger.book(event)).start()) {
                assertTrue(listener.isConnected());
                broker.publish("", queue, PaymentMessages.of(new PaymentEvent("txn-uri", "PAID", BigDecimal.ONE)));
                Eventually.await(Duration.ofSeconds(10), "the message handled", () -> harness.effects() == 1);
            }
        }
    }

    @Test
    void aVirtualHostThatDoesNotExistFailsTheStart() {
        assertThrows(IOException.class, () -> TestListeners.builder("idempo-test-uri-" + UUID.randomUUID(), "ledger")
                .uri(server() + "/idempo-no-such-vhost").handler((event, message) -> { }).start());
    }

    @Test
    void aMalformedUriIsRefusedAtOnce() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> TestListeners.builder("q", "ledger").uri("http://127.0.0.1:5672/"));
        assertTrue(refused.getMessage().startsWith("Not a RabbitMQ URI"), refused.getMessage());
    }

    /** The local broker's URI without its path: {@code amqp://user:password@host:port}. */
    private static String server() {
        URI broker = RabbitBroker.local().uri();
        return broker.getScheme() + "://" + broker.getRawAuthority();
    }
}
