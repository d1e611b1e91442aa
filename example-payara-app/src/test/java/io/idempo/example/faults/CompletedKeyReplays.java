package io.idempo.example.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.idempo.testing.server.PayaraMicroServer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Issue #21: duplicates of completed calls, many at once, every one answered by the database record. {@link #KEYS}
 * keys are placed once each; then, for {@link #ROUNDS} rounds, each key is sent {@link #COPIES} times more, all of a
 * round released together. The first calls' transactions ended long before, so every duplicate must hear the first
 * call's 201 again, byte for byte and marked as a replay: never 409 "in progress", which means that the first call
 * is still running.
 *
 * <p>Run on a server whose Redis is down ({@link BlastRadius#withoutRedis}), so that no duplicate is answered by Redis
 * or the edge's stored answers. On PostgreSQL the duplicates used to take the key's advisory lock while they read
 * its record, and told each other "in progress" (466 of 720 over HTTP, 0 on MariaDB).
 */
final class CompletedKeyReplays {

    private static final int KEYS = 30;
    private static final int COPIES = 8;
    private static final int ROUNDS = 3;

    private CompletedKeyReplays() {
    }

    /** Asserts the above and that each key was executed exactly once ({@link ExactlyOnce}). */
    static void run(PayaraMicroServer server, String name) throws Exception {
        ExecutorService senders = Executors.newFixedThreadPool(KEYS * COPIES);
        try (OrderTraffic traffic = new OrderTraffic(() -> server.client(OrderTraffic.USER), name)) {
            Map<String, Attempt> firsts = new LinkedHashMap<>();
            for (int i = 0; i < KEYS; i++) {
                String key = traffic.newKey();
                Attempt first = traffic.sendOnce(server.client(OrderTraffic.USER), key, 0, 1);
                assertEquals(201, first.status(), "the first call: " + first);
                firsts.put(key, first);
            }

            List<Attempt> duplicates = new ArrayList<>();
            for (int round = 1; round <= ROUNDS; round++) {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Attempt>> sent = new ArrayList<>();
                for (String key : firsts.keySet()) {
                    for (int copy = 1; copy <= COPIES; copy++) {
                        int sender = (round - 1) * COPIES + copy;
                        sent.add(senders.submit(() -> {
                            start.await();
                            return traffic.sendOnce(server.client(OrderTraffic.USER), key, sender, 1);
                        }));
                    }
                }
                start.countDown();
                for (Future<Attempt> request : sent) {
                    duplicates.add(request.get());
                }
            }

            long inProgress = duplicates.stream().filter(attempt -> attempt.status() == 409).count();
            System.out.printf("[faults] %s: %d duplicates of %d completed keys (%d at once, %d rounds): %d told 409"
                    + " in progress, statuses %s%n", name, duplicates.size(), KEYS, KEYS * COPIES, ROUNDS,
                    inProgress, traffic.history().statusCounts());
            List<Attempt> wrong = duplicates.stream().filter(attempt -> attempt.status() != 201
                    || !attempt.replayed() || !firsts.get(attempt.key()).bodyHash().equals(attempt.bodyHash()))
                    .toList();
            assertTrue(wrong.isEmpty(), wrong.size() + " of " + duplicates.size() + " duplicates did not get the"
                    + " first call's answer replayed (" + inProgress + " told 409 in progress): "
                    + wrong.subList(0, Math.min(20, wrong.size())));
            ExactlyOnce.verify(traffic, server.database());
        } finally {
            senders.shutdownNow();
        }
    }
}
