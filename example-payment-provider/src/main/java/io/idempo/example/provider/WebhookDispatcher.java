package io.idempo.example.provider;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Sends the pending webhooks of the {@link WebhookOutbox} to the target, each until it is answered 2xx: one thread
 * takes the due deliveries (at most {@value #BATCH} at a time), sends them together, records each attempt's outcome
 * and the next attempt's time, and sleeps until the next is due or a new charge wakes it. An attempt not recorded
 * (the provider stopped during it) is made again at the next start: at least once, never "at most once".
 */
final class WebhookDispatcher implements WebhookSignal, AutoCloseable {

    static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final int BATCH = 16;
    /** How long it sleeps with nothing pending, unless woken: a safety net, as every charge wakes it. */
    private static final long IDLE_WAIT_MS = 5_000;
    private static final Logger LOG = Logger.getLogger(WebhookDispatcher.class.getName());

    private final WebhookOutbox outbox;
    private final WebhookTarget target;
    private final WebhookBackoff backoff;
    private final Clock clock;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
            .version(HttpClient.Version.HTTP_1_1).build();
    private final Semaphore wakeups = new Semaphore(0);
    private final Thread thread;
    private volatile boolean running = true;

    WebhookDispatcher(WebhookOutbox outbox, WebhookTarget target, WebhookBackoff backoff, Clock clock) {
        this.outbox = outbox;
        this.target = target;
        this.backoff = backoff;
        this.clock = clock;
        this.thread = new Thread(this::run, "payment-provider-webhooks");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    @Override
    public boolean enabled() {
        return true;
    }

    /** Looks for due deliveries now. */
    @Override
    public void chargeMade() {
        wakeups.release();
    }

    private void run() {
        while (running) {
            try {
                List<WebhookOutbox.Delivery> due = outbox.due(clock.millis(), BATCH);
                if (due.isEmpty()) {
                    long wait = outbox.nextAttemptAt().orElse(clock.millis() + IDLE_WAIT_MS) - clock.millis();
                    wakeups.tryAcquire(Math.max(1, Math.min(wait, IDLE_WAIT_MS)), TimeUnit.MILLISECONDS);
                    wakeups.drainPermits();
                } else {
                    CompletableFuture.allOf(due.stream().map(this::attempt).toArray(CompletableFuture[]::new)).get();
                }
            } catch (InterruptedException stopping) {
                return;
            } catch (RuntimeException | ExecutionException e) {
                if (!running) {
                    return;
                }
                LOG.log(Level.WARNING, "webhook dispatcher failed; it tries again in 1 s", e);
                pause();
            }
        }
    }

    private CompletableFuture<Void> attempt(WebhookOutbox.Delivery delivery) {
        HttpRequest.Builder request = HttpRequest.newBuilder(target.uri())
                .timeout(ATTEMPT_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("User-Agent", "idempo-example-payment-provider")
                .POST(HttpRequest.BodyPublishers.ofString(delivery.charge().callbackJson(), StandardCharsets.UTF_8));
        target.authorization().ifPresent(value -> request.header("Authorization", value));
        int attempt = delivery.attempts() + 1;
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.discarding())
                .handle((response, failure) -> {
                    record(delivery, attempt, response, failure);
                    return null;
                });
    }

    private void record(WebhookOutbox.Delivery delivery, int attempt, HttpResponse<?> response, Throwable failure) {
        String line = "webhook delivery=" + delivery.id() + " charge=" + delivery.charge().id() + " copy="
                + delivery.copy() + " attempt=" + attempt;
        try {
            if (response != null && response.statusCode() / 100 == 2) {
                outbox.delivered(delivery.id(), attempt, "status " + response.statusCode());
                LOG.info(line + " outcome=delivered status=" + response.statusCode());
                return;
            }
            String outcome = response != null ? "status " + response.statusCode() : describe(failure);
            long now = clock.millis();
            Duration wait = backoff.after(attempt);
            if (now + wait.toMillis() - delivery.createdAt() > backoff.giveUpAfter().toMillis()) {
                outbox.abandoned(delivery.id(), attempt, outcome);
                LOG.warning(line + " outcome=abandoned (" + outcome + "), no attempt after "
                        + backoff.giveUpAfter());
            } else {
                outbox.retryAt(delivery.id(), attempt, now + wait.toMillis(), outcome);
                LOG.info(line + " outcome=retry (" + outcome + ") next-attempt-in=" + wait.toMillis() + "ms");
            }
        } catch (RuntimeException e) {
            if (running) {
                LOG.log(Level.WARNING, line + " outcome=not-recorded (it is sent again)", e);
            } else {
                LOG.info(line + " outcome=not-recorded (the provider stopped; the next start sends it again)");
            }
        }
    }

    private static String describe(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        return cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }

    private static void pause() {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops sending once the attempts under way are answered and recorded (each within
     * {@link #ATTEMPT_TIMEOUT}); an attempt still unrecorded then stays pending for the next start.
     */
    @Override
    public void close() {
        running = false;
        wakeups.release();
        try {
            thread.join(ATTEMPT_TIMEOUT.plusSeconds(1).toMillis());
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(1_000);
            }
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
        }
    }
}
