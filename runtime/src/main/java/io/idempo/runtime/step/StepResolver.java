package io.idempo.runtime.step;

/**
 * Asks a provider that does not honour idempotency keys whether it already did the step, before a retry calls it
 * again: by looking the key up in its list of charges (send the derived key in the request's metadata), by a status
 * endpoint, by a cancel-by-key (Square). Called only after an attempt whose outcome is unknown.
 */
@FunctionalInterface
public interface StepResolver<T> {

    /**
     * What the provider says about {@code derivedKey}: {@link StepResolution#done}, {@link StepResolution#notDone} or
     * {@link StepResolution#unknown}. An exception counts as unknown: the step is retried later, the resolver asked
     * again.
     */
    StepResolution<T> resolve(String derivedKey) throws Exception;
}
