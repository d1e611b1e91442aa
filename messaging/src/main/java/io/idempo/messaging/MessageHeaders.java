package io.idempo.messaging;

/** The headers idempo writes on messages it publishes again: retried copies and dead letters. */
public final class MessageHeaders {

    /** How many deliveries of the message failed in a handler so far (an integer). */
    public static final String ATTEMPTS = "x-idempo-attempts";
    /** A dead letter's {@link DeadLetterCode}, by name. */
    public static final String ERROR_CODE = "x-idempo-error-code";
    /** A dead letter's reason: one sentence, never a value of the message. */
    public static final String REASON = "x-idempo-reason";
    /** The consumer (and idempotency scope) that gave the message up. */
    public static final String CONSUMER = "x-idempo-consumer";
    /** The queue the dead letter was consumed from, so that it can be sent back there once the cause is fixed. */
    public static final String QUEUE = "x-idempo-queue";

    private MessageHeaders() {
    }
}
