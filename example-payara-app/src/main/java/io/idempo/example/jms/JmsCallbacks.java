package io.idempo.example.jms;

/**
 * The names of the Jakarta Messaging door, which ships only in the WAR for servers with a JMS broker
 * ({@code idempo-example-payara-app-jms.war}, WildFly's full profile): the application defines both queues
 * ({@code @JMSDestinationDefinition} on {@link CallbackMessageBean}), and a message's properties are Java identifiers,
 * as JMS requires.
 */
final class JmsCallbacks {

    /** The queue the callbacks arrive on. */
    static final String QUEUE = "java:app/jms/paymentCallbacks";
    static final String QUEUE_NAME = "paymentCallbacks";
    /** Where the bodies that can never be booked go, with their code. */
    static final String DEAD_LETTER_QUEUE = "java:app/jms/paymentCallbacksDead";
    static final String DEAD_LETTER_QUEUE_NAME = "paymentCallbacks.dead";
    /** The consumer's name in the logs and the dead letters. */
    static final String CONSUMER = "payment-callbacks-jms";

    /** Demo faults as message properties: {@code demoFail=after-write}, {@code demoFault=rollback-after-settle}. */
    static final String DEMO_FAIL = "demoFail";
    static final String DEMO_FAULT = "demoFault";
    static final String ROLLBACK_AFTER_SETTLE = "rollback-after-settle";

    /** A dead letter's properties: the code and reason of {@code io.idempo.messaging.DeadLetterCode}. */
    static final String ERROR_CODE = "idempoErrorCode";
    static final String REASON = "idempoReason";
    static final String MESSAGE_ID = "idempoMessageId";

    private JmsCallbacks() {
    }
}
