package io.idempo.runtime.step;

import io.idempo.plan.Rules;
import java.time.Duration;
import java.util.Objects;

/**
 * How an external step is retried: its budget of attempts, the backoff between them, how long one attempt holds the
 * step, and how long after its first attempt a step may still be called. {@link #DEFAULT} is what a step gets when
 * neither it nor {@link ExternalSteps.Builder#defaults} says otherwise.
 *
 * @param maxAttempts how many attempts a step may make, the first included (1 to {@link Rules#STEP_MAX_ATTEMPTS})
 * @param backoff     the delay after the first failed attempt; it doubles after each further one
 * @param maxBackoff  the longest delay
 * @param lease       how long one attempt holds the step: longer than the call's slowest run (its timeouts)
 * @param retryWindow how long after its first attempt a step may still be called: well inside the time the provider
 *                    keeps idempotency keys, since a call after that would be a new one
 */
public record StepPolicy(int maxAttempts, Duration backoff, Duration maxBackoff, Duration lease,
                         Duration retryWindow) {

    /**
     * Ten attempts 1 s, 2 s, 4 s ... apart, at most 5 minutes apart (about 8.5 minutes in all); two minutes per
     * attempt, above the 80 s read timeout of Stripe's Java client; and 12 hours from the first attempt, half of
     * Stripe's and Mollie's 24 hours of key retention.
     */
    public static final StepPolicy DEFAULT = new StepPolicy(10, Duration.ofSeconds(1), Duration.ofMinutes(5),
            Duration.ofMinutes(2), Duration.ofHours(12));

    public StepPolicy {
        Rules.stepAttemptsViolation(maxAttempts).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P029] maxAttempts = " + maxAttempts + " " + violation);
        });
        positive("backoff", backoff);
        positive("maxBackoff", maxBackoff);
        positive("lease", lease);
        positive("retryWindow", retryWindow);
        Rules.backoffViolation(backoff, maxBackoff).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P029] backoff = " + backoff + " " + violation);
        });
    }

    /**
     * The delay after the {@code attempts}-th attempt failed: {@link #backoff} doubled {@code attempts - 1} times, at
     * most {@link #maxBackoff}.
     */
    public Duration delayAfter(int attempts) {
        Duration delay = backoff;
        for (int i = 1; i < attempts && delay.compareTo(maxBackoff) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(maxBackoff) < 0 ? delay : maxBackoff;
    }

    static Duration positive(String attribute, Duration duration) {
        Objects.requireNonNull(duration, attribute);
        Rules.durationViolation(duration.toString()).ifPresent(violation -> {
            throw new IllegalArgumentException("[IDEM-P029] " + attribute + " = " + duration + " " + violation);
        });
        return duration;
    }
}
