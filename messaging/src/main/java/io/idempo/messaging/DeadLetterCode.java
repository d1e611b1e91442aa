package io.idempo.messaging;

/**
 * Why a message was dead-lettered: the stable codes of the {@code x-idempo-error-code} header, one catalogue for
 * every broker. A code names the failure mode, never a value of the message; operators and tools may match on it,
 * so a code is never renamed or reused. See {@code docs/messaging.md}.
 */
public enum DeadLetterCode {

    /** The body is larger than the consumer's limit (1 MiB by default); it was not read. */
    BODY_TOO_LARGE,
    /** The body is not well-formed UTF-8, which a text format such as JSON requires. */
    BODY_NOT_UTF8,
    /** The body does not bind to the handler's payload type: not JSON, a missing field, a value of the wrong type. */
    BODY_UNBINDABLE,
    /** The call has no idempotency key: no message id, or a key template with a null value. */
    KEY_MISSING,
    /** The key does not match the key policy (by default {@code [A-Za-z0-9_.:-]}, 8 to 255 characters). */
    KEY_INVALID,
    /** The key was first used by a message with other fingerprinted fields. */
    KEY_REUSED,
    /** The handler failed on every one of the consumer's attempts (5 by default). */
    HANDLER_FAILED;

    /** Whether the failure is final at once: redelivering the same message cannot end otherwise. */
    public boolean immediate() {
        return this != HANDLER_FAILED;
    }
}
