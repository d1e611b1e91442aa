package io.idempo.messaging;

import java.time.Duration;

/**
 * What the container does with a message once the consumer is done with it. The broker module maps each case to
 * its own operations (for RabbitMQ: ack, nack with requeue, publish a copy or a dead letter with confirms).
 */
public sealed interface Disposition {

    /** Handled (a first run or a replay): acknowledge it. */
    record Handled() implements Disposition {
    }

    /**
     * A delivery of the same message is still being handled (a redelivery overtook it): give this one back to the
     * broker after {@code delay}, without counting a failure.
     */
    record InProgress(Duration delay) implements Disposition {
    }

    /**
     * The handler failed, now {@code attempts} times, fewer than the consumer allows: try again after {@code delay},
     * carrying the new count.
     */
    record Retry(int attempts, Duration delay, Throwable cause) implements Disposition {
    }

    /**
     * Give the message up: move it to the dead-letter destination with the code and reason.
     *
     * @param attempts the deliveries of the message that failed, this one included
     * @param cause    what failed, for the log; a {@link MessageBindingException} for a body that did not bind,
     *                 null for one refused before any binder ran
     */
    record DeadLetter(DeadLetterCode code, String reason, int attempts, Throwable cause) implements Disposition {
    }
}
