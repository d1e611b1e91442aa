package io.idempo.example.faults;

import io.idempo.testing.http.ApiClient;
import io.idempo.testing.http.ApiResponse;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Orders placed the way a careful client places them while things fail: every key is sent by two racing senders at
 * once, each retrying with the same key after a 409, a 5xx or no answer at all, until it gets a final answer (or
 * gives up after {@link #GIVE_UP_AFTER}); once one succeeded, a third sender retries late, as a client that never
 * saw the answer would. Every attempt goes into the {@link History}.
 *
 * <p>Each key orders a product id of its own (one per key, from a range no other traffic of this JVM uses), so
 * that {@link ExactlyOnce} counts the executions per key in {@code shop_orders}.
 */
public final class OrderTraffic implements AutoCloseable {

    public static final String USER = "alice";
    static final Duration GIVE_UP_AFTER = Duration.ofSeconds(60);
    private static final int RACERS = 2;
    private static final long PRODUCTS_PER_TRAFFIC = 1_000_000;
    private static final AtomicLong NEXT_RANGE = new AtomicLong(1);

    private final Supplier<ApiClient> client;
    private final String name;
    private final long firstProduct = NEXT_RANGE.getAndIncrement() * PRODUCTS_PER_TRAFFIC;
    private final AtomicInteger keys = new AtomicInteger();
    private final Map<String, Long> products = new ConcurrentHashMap<>();
    private final History history = new History();
    private final ExecutorService senders = Executors.newCachedThreadPool();

    /**
     * @param client a client as {@link #USER} of the server now: asked again for every attempt, so that traffic
     *               follows a server restarted on another port
     * @param name   names this traffic's keys, for logs
     */
    public OrderTraffic(Supplier<ApiClient> client, String name) {
        this.client = client;
        this.name = name;
    }

    /** Sends one new key as described above and waits until it is done; returns the key. */
    public String sendKey() {
        String key = newKey();
        List<CompletableFuture<Attempt>> racing = new ArrayList<>();
        for (int sender = 0; sender < RACERS; sender++) {
            int id = sender;
            racing.add(CompletableFuture.supplyAsync(() -> sendUntilFinal(key, id), senders));
        }
        List<Attempt> finals = racing.stream().map(CompletableFuture::join).toList(); // every racer done
        if (finals.stream().anyMatch(Attempt::succeeded)) {
            sendUntilFinal(key, RACERS);
        }
        return key;
    }

    /**
     * Keeps {@code inFlight} keys going at a time ({@link #sendKey()}) until {@code done} says so. A sender that
     * fails other than by an HTTP answer or an I/O error (a bug in the test) fails the traffic.
     */
    public void runUntil(BooleanSupplier done, int inFlight) throws InterruptedException {
        Semaphore slots = new Semaphore(inFlight);
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        while (!done.getAsBoolean()) {
            slots.acquire();
            CompletableFuture.runAsync(this::sendKey, senders).whenComplete((ignored, failure) -> {
                if (failure != null) {
                    failures.add(failure);
                }
                slots.release();
            });
        }
        slots.acquire(inFlight);
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.size() + " keys' senders failed", failures.peek());
        }
    }

    /** Sends {@code count} keys, {@code inFlight} at a time. */
    public void send(int count, int inFlight) throws InterruptedException {
        AtomicInteger started = new AtomicInteger();
        runUntil(() -> started.getAndIncrement() >= count, inFlight);
    }

    public History history() {
        return history;
    }

    /** The product id that {@code key}'s order names. */
    public long product(String key) {
        return products.get(key);
    }

    /** The range of product ids this traffic orders, {@code [first, first + count)}. */
    public long firstProduct() {
        return firstProduct;
    }

    public long productCount() {
        return keys.get();
    }

    /**
     * A new key of this traffic, with a product of its own, for a test that sends it itself ({@link #sendOnce},
     * {@link #sendUntilFinal}) and still wants the {@link ExactlyOnce} verdict on it.
     */
    public String newKey() {
        int index = keys.getAndIncrement();
        String key = "fault-" + name + "-" + firstProduct + "-" + index;
        products.put(key, firstProduct + index);
        return key;
    }

    /**
     * Sends {@code key} as one careful sender: again after a 409, a 5xx or no answer, until a final answer (or
     * {@link #GIVE_UP_AFTER}); returns the last attempt. Every attempt goes into the history.
     */
    public Attempt sendUntilFinal(String key, int sender) {
        long deadline = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        for (int attempt = 1; ; attempt++) {
            Attempt result = sendOnce(client.get(), key, sender, attempt);
            if (!result.retryable() || System.nanoTime() > deadline) {
                return result;
            }
            pause(result.status() == 409 ? 50 : 200);
        }
    }

    /**
     * Sends {@code key}'s order once with {@code client} (one with demo fault headers, say) and records the attempt
     * in the history.
     */
    public Attempt sendOnce(ApiClient client, String key, int sender, int attempt) {
        Attempt result = attempt(client, key, sender, attempt);
        history.add(result);
        return result;
    }

    @Override
    public void close() {
        senders.shutdownNow();
    }

    private Attempt attempt(ApiClient client, String key, int sender, int attempt) {
        String order = "{\"productId\":" + product(key) + ",\"quantity\":1,\"amount\":100}";
        long start = System.nanoTime();
        try {
            ApiResponse answer = client.post("/api/orders", order, key);
            long ended = System.nanoTime();
            boolean ok = answer.status() >= 200 && answer.status() < 300;
            return new Attempt(key, sender, attempt, answer.status(), ok ? null : answer.problemCode(),
                    answer.header("Idempotent-Replayed").map("true"::equals).orElse(false),
                    ok ? sha256(answer.bodyBytes()) : null, (ended - start) / 1_000_000, ended, null);
        } catch (UncheckedIOException e) {
            long ended = System.nanoTime();
            return new Attempt(key, sender, attempt, Attempt.NO_ANSWER, null, false, null,
                    (ended - start) / 1_000_000, ended, String.valueOf(e.getCause()));
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String sha256(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
