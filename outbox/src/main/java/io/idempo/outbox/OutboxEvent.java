package io.idempo.outbox;

import java.time.Instant;
import java.util.Objects;

/**
 * A pending event of the outbox table, as the relay hands it to a {@link Publisher}.
 *
 * @param id          the event's id (a UUID): the message id on the wire, which consumers dedupe by
 * @param destination where it goes, such as a RabbitMQ exchange (the {@code aggregatetype} column, which Debezium's
 *                    outbox event router routes by)
 * @param aggregateId the aggregate it belongs to; the relay publishes the events of one aggregate in the order they
 *                    were written, one at a time
 * @param type        the event's type, such as {@code ORDER_PLACED}
 * @param payload     the body as it was written (JSON, by convention)
 * @param createdAt   when the business transaction wrote it
 * @param attempts    how often it was handed to a publisher before without being confirmed
 */
public record OutboxEvent(String id, String destination, String aggregateId, String type, String payload,
                          Instant createdAt, int attempts) {

    public OutboxEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(aggregateId, "aggregateId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
