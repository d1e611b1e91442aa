package io.idempo.runtime.spi;

import java.time.Duration;
import java.util.Optional;

/**
 * The fast layer in front of the database: turns concurrent duplicates away at once and answers completed ones
 * without touching the database. It is never the source of truth: it may lose data (restart, flush, eviction,
 * expiry) and the database record still decides.
 */
public interface ClaimStore {

    /** Takes the key for {@code lease} if it is free, else reports who has it; one round trip. */
    ClaimResult claim(String keyHash, String token, String fingerprint, Duration lease);

    /** After the first call committed: keep its outcome until {@code ttl}, replacing the claim. */
    void complete(String keyHash, CompletedCall call, Duration ttl);

    /** After the first call rolled back: free the key, but only while it is still held by {@code token}. */
    void release(String keyHash, String token);

    /** The completed call for this key, if the store has one (used while waiting for an in-flight call). */
    Optional<CompletedCall> completed(String keyHash);

    /** Whether a running call holds the key right now (for status queries; a read, never a claim). */
    boolean isHeld(String keyHash);
}
