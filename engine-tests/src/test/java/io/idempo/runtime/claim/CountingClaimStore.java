package io.idempo.runtime.claim;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the calls that reach the store it wraps: a call the circuit breaker skipped never gets here. */
final class CountingClaimStore implements ClaimStore {

    private final ClaimStore delegate;
    private final AtomicInteger calls = new AtomicInteger();

    CountingClaimStore(ClaimStore delegate) {
        this.delegate = delegate;
    }

    int calls() {
        return calls.get();
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration lease) {
        calls.incrementAndGet();
        return delegate.claim(keyHash, token, fingerprint, lease);
    }

    @Override
    public boolean renew(String keyHash, String token, Duration timeout) {
        calls.incrementAndGet();
        return delegate.renew(keyHash, token, timeout);
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        calls.incrementAndGet();
        delegate.complete(keyHash, call, ttl);
    }

    @Override
    public void release(String keyHash, String token) {
        calls.incrementAndGet();
        delegate.release(keyHash, token);
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        calls.incrementAndGet();
        return delegate.completed(keyHash);
    }

    @Override
    public boolean isHeld(String keyHash) {
        calls.incrementAndGet();
        return delegate.isHeld(keyHash);
    }

    @Override
    public boolean forget(String keyHash) {
        calls.incrementAndGet();
        return delegate.forget(keyHash);
    }
}
