package io.idempo.runtime.claim;

import io.idempo.runtime.spi.ClaimResult;
import io.idempo.runtime.spi.ClaimStore;
import io.idempo.runtime.spi.CompletedCall;
import io.idempo.runtime.spi.Completion;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** A claim store that passes everything on and notes the size of every batch of completions it is given. */
final class PipelineCountingStore implements ClaimStore {

    private final ClaimStore store;
    private final List<Integer> batchSizes = new CopyOnWriteArrayList<>();

    PipelineCountingStore(ClaimStore store) {
        this.store = store;
    }

    List<Integer> batchSizes() {
        return batchSizes;
    }

    @Override
    public void completeAll(List<Completion> completions) {
        batchSizes.add(completions.size());
        store.completeAll(completions);
    }

    @Override
    public ClaimResult claim(String keyHash, String token, String fingerprint, Duration timeout) {
        return store.claim(keyHash, token, fingerprint, timeout);
    }

    @Override
    public boolean renew(String keyHash, String token, Duration timeout) {
        return store.renew(keyHash, token, timeout);
    }

    @Override
    public void complete(String keyHash, CompletedCall call, Duration ttl) {
        store.complete(keyHash, call, ttl);
    }

    @Override
    public void release(String keyHash, String token) {
        store.release(keyHash, token);
    }

    @Override
    public Optional<CompletedCall> completed(String keyHash) {
        return store.completed(keyHash);
    }

    @Override
    public boolean isHeld(String keyHash) {
        return store.isHeld(keyHash);
    }

    @Override
    public boolean forget(String keyHash) {
        return store.forget(keyHash);
    }
}
