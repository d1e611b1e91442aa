package io.idempo.outbox;

import java.util.List;

/**
 * Hands outbox events to a broker, for the outbox relay. The relay calls it inside the short transaction that holds
 * the batch's rows, and marks as sent only what the broker confirmed; everything else stays pending and is offered
 * again, so an implementation may publish an event more than once but must never report one confirmed that the
 * broker has not taken responsibility for (written it to disk, or to its replicas).
 *
 * <p>The relay hands a publisher one batch at a time; the events of a batch belong to distinct aggregates.
 * {@code idempo-messaging} ships the RabbitMQ implementation.
 */
public interface Publisher {

    /**
     * Publishes the events in the order given and waits for the broker's answer to each.
     *
     * @return the events the broker confirmed, and why it refused the others (a negative acknowledgement, a message
     *         it could not route); an event in neither set counts as refused
     * @throws PublishException when the broker could not be reached or did not answer in time: nothing is known to
     *         be confirmed, and the relay backs off and offers the whole batch again
     */
    PublishResult publish(List<OutboxEvent> events) throws PublishException;
}
