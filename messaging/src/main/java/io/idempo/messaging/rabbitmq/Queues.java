package io.idempo.messaging.rabbitmq;

/** The queue a listener consumes and the queue its dead letters go to. */
record Queues(String queue, String deadLetterQueue) {
}
