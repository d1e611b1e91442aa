package io.idempo.messaging;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What every idempotent consumer needs to know, whatever the broker: its name, which is the idempotency scope (two
 * consumers with different names each handle a message once), how often a failing message is tried, how long it
 * waits before the next try, and the largest body it reads.
 *
 * @param name         the consumer's name and scope, such as {@code ledger}: {@code [A-Za-z][A-Za-z0-9_.-]{0,63}}
 * @param maxAttempts  deliveries that may fail in the handler before the message is dead-lettered (at least 1)
 * @param retryDelay   the wait before the first retry of a failed message; it doubles with each further attempt,
 *                     up to {@link #MAX_RETRY_DELAY}
 * @param maxBodyBytes larger bodies are dead-lettered unread ({@link DeadLetterCode#BODY_TOO_LARGE})
 */
public record ConsumerSettings(String name, int maxAttempts, Duration retryDelay, int maxBodyBytes) {

    public static final int DEFAULT_MAX_ATTEMPTS = 5;
    /** Long enough to ride out a database failover's first second, short enough not to stall a queue. */
    public static final Duration DEFAULT_RETRY_DELAY = Duration.ofSeconds(1);
    public static final Duration MAX_RETRY_DELAY = Duration.ofSeconds(30);
    /** 1 MiB: far above an event's size, far below what would strain a consumer's heap. */
    public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,63}");

    public ConsumerSettings {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("A consumer's name is its idempotency scope and appears in headers and "
                    + "logs: it must match " + NAME.pattern() + ", got '" + name + "'");
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
        Objects.requireNonNull(retryDelay, "retryDelay");
        if (retryDelay.isNegative()) {
            throw new IllegalArgumentException("retryDelay must not be negative, got " + retryDelay);
        }
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive, got " + maxBodyBytes);
        }
    }

    /** The defaults for a consumer of this name. */
    public static ConsumerSettings named(String name) {
        return new ConsumerSettings(name, DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAY, DEFAULT_MAX_BODY_BYTES);
    }

    public ConsumerSettings withMaxAttempts(int attempts) {
        return new ConsumerSettings(name, attempts, retryDelay, maxBodyBytes);
    }

    public ConsumerSettings withRetryDelay(Duration delay) {
        return new ConsumerSettings(name, maxAttempts, delay, maxBodyBytes);
    }

    public ConsumerSettings withMaxBodyBytes(int bytes) {
        return new ConsumerSettings(name, maxAttempts, retryDelay, bytes);
    }

    /** The wait before retrying a message that has now failed {@code attempts} times. */
    Duration retryDelay(int attempts) {
        Duration delay = retryDelay;
        for (int i = 1; i < attempts && delay.compareTo(MAX_RETRY_DELAY) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(MAX_RETRY_DELAY) > 0 ? MAX_RETRY_DELAY : delay;
    }
}
