package io.idempo.example.provider;

import java.time.Duration;

/**
 * When a webhook that was not answered 2xx is sent again: {@code first} after the first attempt, doubling after each
 * further one up to {@code max} between attempts, and no attempt once the delivery is older than
 * {@code giveUpAfter} (it is then abandoned, and logged so).
 */
public record WebhookBackoff(Duration first, Duration max, Duration giveUpAfter) {

    /** 0.5 s, 1 s, 2 s ... at most 30 s apart, for 24 hours. */
    public static final WebhookBackoff DEFAULT = new WebhookBackoff(Duration.ofMillis(500), Duration.ofSeconds(30),
            Duration.ofHours(24));

    public WebhookBackoff {
        if (first.isNegative() || first.isZero() || max.compareTo(first) < 0 || giveUpAfter.isNegative()) {
            throw new IllegalArgumentException("a backoff needs 0 < first <= max and giveUpAfter >= 0, not " + first
                    + ", " + max + ", " + giveUpAfter);
        }
    }

    /** The wait after attempt number {@code attempts} (1 for the first) failed. */
    Duration after(int attempts) {
        Duration wait = first;
        for (int i = 1; i < attempts && wait.compareTo(max) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(max) < 0 ? wait : max;
    }
}
