package io.idempo.example.faults;

import io.idempo.testing.database.TestDatabase;
import io.idempo.testing.redis.RedisBehindProxy;
import io.idempo.testing.server.PayaraMicroServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The long variant of the fault suite, on demand only (tag {@code soak}, excluded from {@code mvn verify}): steady
 * traffic on MariaDB for {@code -Dsoak.minutes} (30 by default) while, every two minutes, the next fault in turn
 * strikes: Redis killed and restarted empty, Redis flushed, Redis hung for 3 s, the database sessions killed for
 * 3 s. The {@link ExactlyOnce} verdict covers the whole run. See docs/fault-suite.md for the command.
 */
@Tag("soak")
class SoakIT {

    private static final Duration FAULT_EVERY = Duration.ofMinutes(2);

    @RegisterExtension
    @Order(1)
    static final RedisBehindProxy redis = new RedisBehindProxy();

    @RegisterExtension
    @Order(2)
    static final PayaraMicroServer server = FaultScenariosIT.configure(TestDatabase.mariadb(), redis);

    @Test
    void everyOrderStaysSingleThroughHalfAnHourOfFaults() throws Exception {
        Duration length = Duration.ofMinutes(Long.getLong("soak.minutes", 30));
        List<Runnable> faults = List.of(this::crashRedis, redis.server()::flushAll, this::hangRedis,
                this::killSessions);
        try (OrderTraffic traffic = new OrderTraffic(() -> server.client(OrderTraffic.USER), "soak")) {
            AtomicBoolean over = new AtomicBoolean();
            CompletableFuture<Void> injector = CompletableFuture.runAsync(() -> {
                long end = System.nanoTime() + length.toNanos();
                try {
                    for (int round = 0; System.nanoTime() < end; round++) {
                        long leftMillis = Math.max(1, (end - System.nanoTime()) / 1_000_000);
                        Thread.sleep(Math.min(FAULT_EVERY.toMillis(), leftMillis));
                        if (System.nanoTime() < end) {
                            faults.get(round % faults.size()).run();
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    over.set(true);
                }
            });
            traffic.runUntil(over::get, 4);
            injector.join();
            ExactlyOnce.verify(traffic, server.database());
        }
    }

    private void crashRedis() {
        try {
            redis.server().kill();
            Thread.sleep(2_000);
            redis.server().start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void hangRedis() {
        redis.proxy().blackhole();
        pause(Duration.ofSeconds(3));
        redis.proxy().pass();
    }

    private void killSessions() {
        long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        try {
            while (System.nanoTime() < end) {
                server.database().killSessions();
                Thread.sleep(250);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
