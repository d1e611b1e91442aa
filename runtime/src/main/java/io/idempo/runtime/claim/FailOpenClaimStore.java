package io.idempo.runtime.claim;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.ClaimStoreHealth;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.Completion;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Makes claim-store trouble cost speed, never correctness: a failing call becomes
 * {@link ClaimResult.Unavailable} (the database record decides alone), and after {@code failureThreshold}
 * consecutive failures a circuit opens for {@code openFor}, during which no call pays the store's timeout. One
 * call is let through after that to probe recovery (the others still skip the store while it is out): its success
 * closes the circuit, its failure opens it again at once. Degradation is logged at most once per
 * {@code logInterval}, with the number of degraded calls since the last line.
 */
public final class FailOpenClaimStore implements ClaimStore, ClaimStoreHealth {

    private static final System.Logger LOG = System.getLogger(FailOpenClaimStore.class.getName());

    private final ClaimStore delegate;
    private final int failureThreshold;
    private final Duration openFor;
    private final Duration logInterval;
    private final Clock clock;

    private final AtomicInteger consecutiveFailures = new AtomicInteger();
    private final AtomicReference<Instant> openUntil = new AtomicReference<>(Instant.MIN);
    /** Set when the circuit opens, cleared by the next success: after {@code openFor} a single probe decides. */
    private final AtomicBoolean tripped = new AtomicBoolean();
    private final AtomicBoolean probing = new AtomicBoolean();
    private final AtomicReference<Instant> nextLog = new AtomicReference<>(Instant.MIN);
    private final AtomicLong degradedCalls = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong degradedSinceLog = new AtomicLong();

    public FailOpenClaimStore(ClaimStore delegate, int failureThreshold, Duration openFor, Duration logInterval,
                              Clock clock) {
        this.delegate = delegate;
        this.failureThreshold = failureThreshold;
        this.openFor = openFor;
        this.logInterval = logInterval;
        this.clock = clock;
    }

    /** Three failures open the circuit for five seconds; degradation is logged at most every 30 seconds. */
    public static FailOpenClaimStore wrap(ClaimStore delegate) {
        return new FailOpenClaimStore(delegate, 3, Duration.ofSeconds(5), Duration.ofSeconds(30), Clock.systemUTC());
    }

    /** Whether a call skips the store, calls it, or calls it as the one probe after the circuit was open. */
    private enum Admission { SKIP, CALL, PROBE }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        return guarded("claim", () -> delegate.claim(keyHash, token, fingerprint, timeout),
                error -> new ClaimResult.Unavailable(error == null ? "circuit open"
                        : error.getClass().getSimpleName() + ": " + error.getMessage()));
    }

    @Override
    public boolean renew(String keyHash, String token, Duration timeout) {
        return guarded("renew", () -> delegate.renew(keyHash, token, timeout), error -> false);
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        guarded("complete", () -> {
            delegate.complete(keyHash, call, ttl);
            return null;
        }, error -> null);
    }

    @Override
    public void completeAll(List<Completion> completions) {
        guarded("complete", () -> {
            delegate.completeAll(completions);
            return null;
        }, error -> null);
    }

    @Override
    public void release(String keyHash, String token) {
        guarded("release", () -> {
            delegate.release(keyHash, token);
            return null;
        }, error -> null);
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        return guarded("read", () -> delegate.completed(keyHash), error -> Optional.empty());
    }

    @Override
    public boolean isHeld(String keyHash) {
        return guarded("read", () -> delegate.isHeld(keyHash), error -> false);
    }

    /**
     * Not guarded: an operator's request, not a call, so it reaches the store even while the circuit is open, and
     * its failure is counted in {@link #failures()} and thrown instead of hidden (see {@link ClaimStore#forget}). It
     * leaves the circuit as it is: one operator's request says little about the calls' traffic.
     */
    @Override
    public boolean forget(String keyHash) {
        try {
            return delegate.forget(keyHash);
        } catch (RuntimeException e) {
            failures.incrementAndGet();
            throw e;
        }
    }

    /** Calls that went to the database alone since start, because the store failed or the circuit was open. */
    public long degradedCalls() {
        return degradedCalls.get();
    }

    /** Whether calls currently skip the store. */
    public boolean isOpen() {
        return clock.instant().isBefore(openUntil.get());
    }

    @Override
    public long failures() {
        return failures.get();
    }

    @Override
    public Circuit circuit() {
        if (isOpen()) {
            return Circuit.OPEN;
        }
        return tripped.get() ? Circuit.HALF_OPEN : Circuit.CLOSED;
    }

    /**
     * Runs one store operation under the circuit: skipped while it is open (one probe after {@code openFor}), and
     * answered by {@code fallback} when skipped (with null) or failed (with the error).
     */
    private <T> T guarded(String operation, Supplier<T> call, Function<RuntimeException, T> fallback) {
        Admission admission = admit();
        if (admission == Admission.SKIP) {
            degraded(operation, null);
            return fallback.apply(null);
        }
        try {
            T result = call.get();
            succeeded();
            return result;
        } catch (RuntimeException e) {
            failed(operation, e);
            return fallback.apply(e);
        } finally {
            probed(admission);
        }
    }

    private Admission admit() {
        if (isOpen()) {
            return Admission.SKIP;
        }
        if (!tripped.get()) {
            return Admission.CALL;
        }
        return probing.compareAndSet(false, true) ? Admission.PROBE : Admission.SKIP;
    }

    private void probed(Admission admission) {
        if (admission == Admission.PROBE) {
            probing.set(false);
        }
    }

    private void succeeded() {
        consecutiveFailures.set(0);
        tripped.set(false);
    }

    private void failed(String operation, RuntimeException error) {
        failures.incrementAndGet();
        if (tripped.get() || consecutiveFailures.incrementAndGet() >= failureThreshold) {
            openUntil.set(clock.instant().plus(openFor));
            consecutiveFailures.set(0);
            tripped.set(true);
        }
        degraded(operation, error);
    }

    private void degraded(String operation, RuntimeException error) {
        degradedCalls.incrementAndGet();
        long count = degradedSinceLog.incrementAndGet();
        Instant now = clock.instant();
        Instant due = nextLog.get();
        if (now.isBefore(due) || !nextLog.compareAndSet(due, now.plus(logInterval))) {
            return;
        }
        degradedSinceLog.addAndGet(-count);
        LOG.log(Level.WARNING, "idempo outcome=redis-degraded operation={0} calls={1} circuit={2}: the database "
                + "record alone decides until the claim store answers again{3}", operation, count,
                circuit().name().toLowerCase(Locale.ROOT).replace('_', '-'), error == null ? "" : " (" + error + ")");
    }
}
