package io.idempo.runtime;

import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.TransactionSupport;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The claim-store side of one call: the claim it took (kept alive while the call runs, settled when its transaction
 * ends), or none, when the store was down or its circuit open. The engine talks to it the same way in both cases,
 * so no flag about the store runs through the engine.
 */
sealed interface StoreClaim {

    /** No claim is held: the database alone decides, and nothing is published afterwards. */
    StoreClaim NONE = new None();

    static StoreClaim taken(ClaimStore claims, String keyHash, String token, ClaimHeartbeat.Beat beat) {
        return new Taken(claims, keyHash, token, beat);
    }

    /** The call has returned or thrown: stop keeping the claim alive. */
    void stopRenewing();

    /**
     * When the transaction ends: if it committed and {@code completed} supplies the call's outcome, that outcome
     * replaces the claim until {@code ttl}; otherwise the key is freed.
     */
    void settleWhenDone(TransactionSupport transactions, Supplier<CompletedCall> completed, Duration ttl);

    /** Frees the key when the transaction ends, or now when there is none. */
    void release(TransactionSupport transactions);

    /**
     * When the transaction ends, whatever its outcome: another transaction's committed outcome replaces the claim
     * for its {@code remaining} lifetime, so that later duplicates are answered by the store again.
     */
    void replaceWhenDone(TransactionSupport transactions, CompletedCall completed, Duration remaining);

    record Taken(ClaimStore claims, String keyHash, String token, ClaimHeartbeat.Beat beat) implements StoreClaim {

        @Override
        public void stopRenewing() {
            beat.stop();
        }

        @Override
        public void settleWhenDone(TransactionSupport transactions, Supplier<CompletedCall> completed, Duration ttl) {
            transactions.afterCompletion(committed -> {
                CompletedCall outcome = completed.get();
                if (committed && outcome != null) {
                    claims.complete(keyHash, outcome, ttl);
                } else {
                    claims.release(keyHash, token);
                }
            });
        }

        @Override
        public void release(TransactionSupport transactions) {
            if (transactions.isActive()) {
                transactions.afterCompletion(committed -> claims.release(keyHash, token));
            } else {
                claims.release(keyHash, token);
            }
        }

        @Override
        public void replaceWhenDone(TransactionSupport transactions, CompletedCall completed, Duration remaining) {
            if (remaining.compareTo(Duration.ZERO) > 0) {
                transactions.afterCompletion(committed -> claims.complete(keyHash, completed, remaining));
            }
        }
    }

    record None() implements StoreClaim {

        @Override
        public void stopRenewing() {
        }

        @Override
        public void settleWhenDone(TransactionSupport transactions, Supplier<CompletedCall> completed, Duration ttl) {
        }

        @Override
        public void release(TransactionSupport transactions) {
        }

        @Override
        public void replaceWhenDone(TransactionSupport transactions, CompletedCall completed, Duration remaining) {
        }
    }
}
