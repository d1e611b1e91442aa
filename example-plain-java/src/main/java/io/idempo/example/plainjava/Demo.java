package io.idempo.example.plainjava;

import io.idempo.example.plainjava.PaymentCallbacks.Settlement;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.IdempotencyKeyReusedException;
import java.io.PrintStream;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * What the example shows, in order: a first call, its replay, the key reused with other parameters, a duplicate
 * while the first call still runs (two threads), and a callback delivered twice through IdempotentOperation. Each
 * step says what happened, after the library's own outcome line; a step that does not go as described fails the run.
 */
final class Demo {

    /** The keys a run used, unique per run, so that it can run again on the same database. */
    record Keys(String replayed, String concurrent, String settlementEvent) {
    }

    private static final OrderRequest REQUEST = new OrderRequest("book-1984", 2, 1990);

    private final Application application;
    private final DemoPaymentProvider payments;
    private final PrintStream out;

    Demo(Application application, DemoPaymentProvider payments, PrintStream out) {
        this.application = application;
        this.payments = payments;
        this.out = out;
    }

    Keys run() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Keys keys = new Keys("order-" + run, "order-" + run + "-slow", "evt-" + run);
        Order first = firstCallAndReplay(keys.replayed());
        keyReused(keys.replayed());
        inProgress(keys.concurrent());
        settledTwice(keys.settlementEvent(), first);
        return keys;
    }

    private Order firstCallAndReplay(String key) throws Exception {
        OrderService orders = application.orders();
        out.printf("%n1. First call, key %s, %s%n", key, REQUEST);
        Order first = orders.place(REQUEST, key);
        out.printf("   The method ran: order %s, payment %s.%n", first.id(), first.payment());

        out.printf("%n2. The same call again, as a client's retry sends it%n");
        Order replayed = orders.place(REQUEST, key);
        check(replayed.equals(first), "the replay returns the first call's order");
        check(orders.runs() == 1, "the method ran once");
        out.printf("   Replayed: order %s again. The method ran %d time in all; %d order is stored with the key.%n",
                replayed.id(), orders.runs(), orders.ordersWithKey(key));
        return first;
    }

    private void keyReused(String key) throws Exception {
        OrderService orders = application.orders();
        OrderRequest other = new OrderRequest(REQUEST.product(), 3, 2985);
        out.printf("%n3. The same key with other parameters, %s%n", other);
        try {
            orders.place(other, key);
            throw new IllegalStateException("The same key with other parameters was not refused");
        } catch (IdempotencyKeyReusedException refused) {
            check(orders.runs() == 1, "the method did not run for the reused key");
            out.printf("   Refused: %s, differing fields %s. The method did not run; %d order is stored.%n",
                    refused.getClass().getSimpleName(), refused.differingFields(), orders.ordersWithKey(key));
        }
    }

    /** A first call held inside its method on a thread of its own, and a duplicate on this thread that meets it. */
    void inProgress(String key) throws Exception {
        OrderService orders = application.orders();
        out.printf("%n4. A duplicate while the first call with key %s still waits for the payment provider%n", key);
        int runsBefore = orders.runs();
        DemoPaymentProvider.Hold charge = payments.hold("order-" + key);
        ExecutorService firstCaller = Executors.newSingleThreadExecutor();
        try {
            Future<Order> first = firstCaller.submit(() -> orders.place(REQUEST, key));
            charge.awaitCharging();
            try {
                orders.place(REQUEST, key);
                throw new IllegalStateException("A duplicate of a running call was not told \"in progress\"");
            } catch (IdempotencyInProgressException running) {
                out.printf("   Told: %s, retry after %d s. The first call is still running.%n",
                        running.getClass().getSimpleName(), running.retryAfter().toSeconds());
            } finally {
                charge.release();
            }
            Order order = first.get(30, TimeUnit.SECONDS);
            check(orders.runs() == runsBefore + 1, "the method ran once for the key");
            out.printf("   The first call then finished: order %s. The method ran once for the key; %d order is "
                    + "stored.%n", order.id(), orders.ordersWithKey(key));
        } finally {
            firstCaller.shutdownNow();
        }
    }

    private void settledTwice(String eventId, Order order) throws Exception {
        Settlement settled = new Settlement(eventId, order.payment(), order.amountCents());
        out.printf("%n5. The provider's callback %s, delivered twice (IdempotentOperation)%n", settled);
        application.callbacks().onSettled(settled);
        application.callbacks().onSettled(settled);
        long paid = application.orders().paidCents(order.id());
        check(paid == order.amountCents(), "the settlement was added once");
        out.printf("   Order %s is paid %d cents: once, not twice.%n", order.id(), paid);
    }

    private static void check(boolean holds, String expectation) {
        if (!holds) {
            throw new IllegalStateException("Expected: " + expectation);
        }
    }
}
