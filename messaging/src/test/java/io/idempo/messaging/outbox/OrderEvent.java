package io.idempo.messaging.outbox;

/**
 * The body of the tests' events: the {@code n}-th event (from 0) of aggregate {@code aggregateId}, which names its own
 * id as the example's events do.
 */
public record OrderEvent(String eventId, String aggregateId, int n) {
}
