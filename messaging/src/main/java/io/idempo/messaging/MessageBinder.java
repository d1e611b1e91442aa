package io.idempo.messaging;

/**
 * Turns a message's bytes and properties into the handler's payload. A body that cannot be bound is refused with
 * a {@link MessageBindingException} and its code, and the message is dead-lettered at once: redelivering the same
 * bytes cannot bind them. The body's size is checked by the consumer before any binder runs.
 *
 * @param <T> the payload type
 */
@FunctionalInterface
public interface MessageBinder<T> {

    /** The payload; never null. */
    T bind(ReceivedMessage message) throws MessageBindingException;
}
