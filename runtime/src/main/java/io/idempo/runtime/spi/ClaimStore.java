package io.idempo.runtime.spi;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The fast layer in front of the database: turns concurrent duplicates away at once and answers completed ones
 * without touching the database. It is never the source of truth: it may lose data (restart, flush, eviction,
 * expiry) and the database record still decides.
 */
public interface ClaimStore {

    /**
     * Takes the key for {@code timeout} if it is free, else reports who has it; one round trip. The engine keeps
     * a claim of a running call alive with {@link #renew} and lets it lapse when its caller is gone.
     */
    ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout);

    /**
     * Extends the claim to {@code timeout} from now, but only while {@code token} still holds it; returns whether
     * it did. Called for calls that run longer than a fraction of the timeout, so that a claim outlives a crashed
     * caller (or one whose commit failed without telling anyone) by at most the timeout.
     */
    boolean renew(String keyHash, String token, Duration timeout);

    /** After the first call committed: keep its outcome until {@code ttl}, replacing the claim. */
    void complete(String keyHash, CompletedCall call, Duration ttl);

    /** Several {@link #complete}s at once: a remote store sends them together, in one round trip. */
    default void completeAll(List<Completion> completions) {
        completions.forEach(completion -> complete(completion.keyHash(), completion.call(), completion.ttl()));
    }

    /** After the first call rolled back: free the key, but only while it is still held by {@code token}. */
    void release(String keyHash, String token);

    /** The completed call for this key, if the store has one (used while waiting for an in-flight call). */
    Optional<CompletedCall> completed(String keyHash);

    /** Whether a running call holds the key right now (for status queries; a read, never a claim). */
    boolean isHeld(String keyHash);

    /**
     * Removes whatever the store keeps for the key, a completed outcome or a claim, so that the next call with it
     * goes to the database: what an operator's invalidation of a record needs, or the store would go on replaying
     * the outcome until its TTL. Unlike the calls' operations it reports failure: it throws when the store cannot
     * be reached, so that the operator knows the outcome may still be there.
     *
     * @return whether the store held anything for the key
     */
    boolean forget(String keyHash);
}
