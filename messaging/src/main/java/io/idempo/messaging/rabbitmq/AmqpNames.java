package io.idempo.messaging.rabbitmq;

/** The names AMQP gives queues and exchanges: a short string of 1 to 255 characters, checked alike everywhere. */
final class AmqpNames {

    private AmqpNames() {
    }

    /** Returns {@code name}, or refuses it naming {@code what} it was for. */
    static String require(String what, String name) {
        if (name == null || name.isBlank() || name.length() > 255) {
            throw new IllegalArgumentException(what + " must be a name of 1 to 255 characters, got '" + name + "'");
        }
        return name;
    }
}
