package io.idempo.runtime.step;

/**
 * The call an external step makes, such as a charge at a provider: it sends {@code derivedKey} as the request's
 * idempotency key ({@code Idempotency-Key}), so that the provider answers a repeated call with the first one's result.
 */
@FunctionalInterface
public interface StepCall<T> {

    T call(String derivedKey) throws Exception;
}
