package io.idempo.messaging.rabbitmq;

/**
 * The exchange a listener's queue takes messages from, such as the outbox's events: a durable exchange of its type,
 * declared alike by the publisher and the listener so that either may start first, and the routing key it binds.
 */
record Binding(String exchange, String exchangeType, String routingKey) {
}
