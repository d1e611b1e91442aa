package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.ConnectionFactory;
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
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.SocketFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The consumer dies between the commit and the ack: the handler's transaction has committed when its connection's
 * socket is cut (as a killed process's would be), so the ack never reaches the broker. The broker redelivers the
 * message to the recovered consumer, the record replays it, and it is acked: one effect.
 */
class CommitBeforeAckTest {

    @ParameterizedTest(name = "{0} + {1}")
    @MethodSource("io.idempo.messaging.testing.Setups#all")
    void aMessageCommittedButNotAckedIsRedeliveredAndReplayed(DatabaseKind database, ClaimMode claims)
            throws Exception {
        try (LedgerHarness harness = new LedgerHarness(database, claims); RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "commit-before-ack");
            RecordingSockets sockets = new RecordingSockets();
            ConnectionFactory factory = broker.connectionFactory();
            factory.setSocketFactory(sockets);
            factory.setNetworkRecoveryInterval(200);
            AtomicBoolean cut = new AtomicBoolean();
            Deliveries deliveries = new Deliveries();
            RabbitListener listener = TestListeners.builder(queue, "ledger").connectionFactory(factory)
                    .handler(deliveries.recording((event, message) -> {
                        harness.ledger.book(event); // committed: the engine began and ended the transaction
                        if (cut.compareAndSet(false, true)) {
                            sockets.cutAll();
                        }
                    }))
                    .start();
            try {
                broker.publish("", queue, PaymentMessages.of(new PaymentEvent("txn-1", "PAID", BigDecimal.ONE)));
                Eventually.await(Duration.ofSeconds(30), "the redelivery handled", () -> deliveries.returned() == 2);
            } finally {
                listener.close();
            }
            List<ReceivedMessage> seen = deliveries.seen();
            assertEquals(2, seen.size(), "the first delivery and the broker's redelivery");
            assertFalse(seen.get(0).redelivered());
            assertTrue(seen.get(1).redelivered());
            assertEquals(1, harness.effects(), "the redelivery was replayed");
            assertEquals(1, harness.ledger.executions());
            assertEquals(1, harness.records());
            assertEquals(0, broker.ready(queue), "the redelivery was acked");
        }
    }

    /** Plain sockets, remembered so that the test can cut them under the client's feet. */
    private static final class RecordingSockets extends SocketFactory {

        private final List<Socket> sockets = new CopyOnWriteArrayList<>();

        void cutAll() throws IOException {
            for (Socket socket : sockets) {
                socket.close();
            }
        }

        @Override
        public Socket createSocket() {
            Socket socket = new Socket();
            sockets.add(socket);
            return socket;
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            throw new UnsupportedOperationException("the client connects an unconnected socket");
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
            throw new UnsupportedOperationException("the client connects an unconnected socket");
        }

        @Override
        public Socket createSocket(InetAddress host, int port) {
            throw new UnsupportedOperationException("the client connects an unconnected socket");
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
            throw new UnsupportedOperationException("the client connects an unconnected socket");
        }
    }
}
