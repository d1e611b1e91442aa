package io.idempo.runtime.claim;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The embedded default: claims in this JVM's memory. Enough for one instance; with several instances each has its
 * own, and the database record alone keeps the guarantee across them. Expired entries are dropped lazily and by
 * {@link #evictExpired()}.
 */
public final class InMemoryClaimStore implements ClaimStore {

    private record Entry(String token, String fingerprint, CompletedCall completed, Instant expiresAt) {
        boolean expired(Instant now) {
            return !now.isBefore(expiresAt);
        }
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final Clock clock;

    public InMemoryClaimStore() {
        this(Clock.systemUTC());
    }

    public InMemoryClaimStore(Clock clock) {
        this.clock = clock;
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        Instant now = clock.instant();
        AtomicReference<ClaimResult> result = new AtomicReference<>();
        entries.compute(keyHash, (key, existing) -> {
            if (existing == null || existing.expired(now)) {
                result.set(new ClaimResult.Claimed());
                return new Entry(token, fingerprint, null, now.plus(timeout));
            }
            result.set(existing.completed() != null ? new ClaimResult.Done(existing.completed())
                    : new ClaimResult.Held(existing.fingerprint(), Duration.between(now, existing.expiresAt())));
            return existing;
        });
        return result.get();
    }

    @Override
    public boolean renew(String keyHash, String token, Duration timeout) {
        Instant now = clock.instant();
        AtomicBoolean renewed = new AtomicBoolean();
        entries.computeIfPresent(keyHash, (key, existing) -> {
            if (!token.equals(existing.token()) || existing.expired(now)) {
                return existing;
            }
            renewed.set(true);
            return new Entry(token, existing.fingerprint(), null, now.plus(timeout));
        });
        return renewed.get();
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        entries.put(keyHash, new Entry(null, call.fingerprint(), call, clock.instant().plus(ttl)));
    }

    @Override
    public void release(String keyHash, String token) {
        entries.computeIfPresent(keyHash, (key, existing) -> token.equals(existing.token()) ? null : existing);
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        Entry entry = entries.get(keyHash);
        return entry == null || entry.expired(clock.instant()) ? Optional.empty()
                : Optional.ofNullable(entry.completed());
    }

    @Override
    public boolean isHeld(String keyHash) {
        Entry entry = entries.get(keyHash);
        return entry != null && !entry.expired(clock.instant()) && entry.completed() == null;
    }

    @Override
    public boolean forget(String keyHash) {
        Entry removed = entries.remove(keyHash);
        return removed != null && !removed.expired(clock.instant());
    }

    /** Drops expired entries; returns how many. */
    public int evictExpired() {
        Instant now = clock.instant();
        int before = entries.size();
        entries.values().removeIf(entry -> entry.expired(now));
        return before - entries.size();
    }
}
