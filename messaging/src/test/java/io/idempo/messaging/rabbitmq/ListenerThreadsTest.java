package io.idempo.messaging.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.messaging.testing.ClaimMode;
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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The threads a Jakarta EE server hands in are the ones used: the connection's threads come from the given
 * factory, the handlers run on the given executor, and closing the listener leaves that executor to its owner.
 */
class ListenerThreadsTest {

    @Test
    void theListenerUsesTheGivenThreadFactoryAndExecutor() throws Exception {
        AtomicInteger created = new AtomicInteger();
        ThreadFactory factory = task -> {
            Thread thread = new Thread(task, "managed-io-" + created.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        AtomicInteger workers = new AtomicInteger();
        ExecutorService executor = Executors.newFixedThreadPool(2,
                task -> new Thread(task, "managed-handler-" + workers.incrementAndGet()));
        try (LedgerHarness harness = new LedgerHarness(DatabaseKind.H2, ClaimMode.IN_MEMORY);
             RabbitBroker broker = RabbitBroker.local()) {
            String queue = ListenerQueues.queue(broker, "threads");
            List<String> handlerThreads = new CopyOnWriteArrayList<>();
            RabbitListener listener = TestListeners.builder(queue, "ledger").threadFactory(factory).executor(executor)
                    .handler((event, message) -> {
                        handlerThreads.add(Thread.currentThread().getName());
                        harness.ledger.book(event);
                    })
                    .start();
            try {
                for (int i = 0; i < 3; i++) {
                    broker.publish("", queue,
                            PaymentMessages.of(new PaymentEvent("txn-" + i, "PAID", BigDecimal.ONE)));
                }
                Eventually.await(Duration.ofSeconds(30), "three messages handled", () -> harness.effects() == 3);
            } finally {
                listener.close();
            }
            assertTrue(created.get() > 0, "the connection's threads came from the given factory");
            assertEquals(3, handlerThreads.size());
            assertTrue(handlerThreads.stream().allMatch(name -> name.startsWith("managed-handler-")), handlerThreads
                    .toString());
            assertFalse(executor.isShutdown(), "the executor belongs to its owner");
        } finally {
            executor.shutdownNow();
        }
    }
}
