package io.idempo.example.jms;

import io.idempo.example.callbacks.CallbackService;
import io.idempo.example.callbacks.PaymentCallback;
import io.idempo.example.config.ExampleSettings;
import io.idempo.example.demo.DemoFaults;
import io.idempo.example.messaging.CallbackBinder;
import io.idempo.messaging.ConsumerLog;
import io.idempo.messaging.ConsumerSettings;
import io.idempo.messaging.DeadLetterCode;
import io.idempo.messaging.Disposition;
import io.idempo.messaging.MessageBindingException;
import io.idempo.messaging.ReceivedMessage;
import io.idempo.runtime.IdempotencyContext;
import io.idempo.runtime.IdempotencyInProgressException;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.MessageDrivenContext;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.JMSDestinationDefinitions;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import java.util.logging.Logger;

/**
 * The payment callbacks' Jakarta Messaging door: a message-driven bean on the application's queue whose
 * {@code onMessage} books the callback through {@link CallbackService#settle}, the method the HTTP and RabbitMQ doors
 * call, inside the container's transaction (container-managed, {@code REQUIRED}): the record, the ledger entry and
 * the consumption of the message commit or roll back together. A rollback puts the message back and the broker
 * redelivers it; the redelivery runs again (the record rolled back too), and a redelivery of a committed callback,
 * or any other copy of the event, is replayed.
 *
 * <ul>
 *   <li>The body is bound as strictly as over HTTP ({@link CallbackBinder}); one that never will bind is moved to
 *       {@value JmsCallbacks#DEAD_LETTER_QUEUE_NAME} in the same transaction, with its {@link DeadLetterCode}, and
 *       nothing else is stored.</li>
 *   <li>"In progress" (another copy of the event is being booked): the transaction rolls back after the
 *       exception's {@code retryAfter()}, and the broker redelivers.</li>
 *   <li>Any other failure rolls back; the broker redelivers, up to its own limit (ActiveMQ Artemis: 10 deliveries,
 *       then its {@code DLQ}).</li>
 *   <li>Demo, with {@code IDEMPO_DEMO_FAULTS=true}: {@code demoFault=rollback-after-settle} rolls the first delivery
 *       back after {@code settle} returned; {@code demoFail=after-write} makes {@code settle} fail after its write.</li>
 * </ul>
 */
@JMSDestinationDefinitions({
        @JMSDestinationDefinition(name = JmsCallbacks.QUEUE, interfaceName = "jakarta.jms.Queue",
                destinationName = JmsCallbacks.QUEUE_NAME),
        @JMSDestinationDefinition(name = JmsCallbacks.DEAD_LETTER_QUEUE, interfaceName = "jakarta.jms.Queue",
                destinationName = JmsCallbacks.DEAD_LETTER_QUEUE_NAME)})
@MessageDriven(activationConfig = {
        @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = JmsCallbacks.QUEUE),
        @ActivationConfigProperty(propertyName = "destinationType", propertyValue = "jakarta.jms.Queue")})
public class CallbackMessageBean implements MessageListener {

    private static final Logger LOG = Logger.getLogger("io.idempo.example.demo");

    private final CallbackBinder binder = new CallbackBinder();

    @Resource
    MessageDrivenContext context;

    @Inject
    CallbackService callbacks;

    @Inject
    DemoFaults faults;

    @Inject
    JMSContext jms;

    @Resource(lookup = JmsCallbacks.DEAD_LETTER_QUEUE)
    Queue deadLetters;

    @Override
    public void onMessage(Message message) {
        ReceivedMessage received;
        try {
            received = JmsMessages.received(message);
        } catch (JMSException e) {
            throw new IllegalStateException("The message could not be read: " + e.getMessage(), e);
        }
        PaymentCallback callback;
        try {
            callback = bind(received);
        } catch (MessageBindingException e) {
            deadLetter(received, e);
            return;
        }
        try (IdempotencyContext.Boundary boundary = IdempotencyContext.boundary();
             IdempotencyContext.Scope scope = IdempotencyContext.open(IdempotencyContext.Request
                     .of(received.id(), JmsCallbacks.CONSUMER).withRequestId(received.id()))) {
            faults.readFrom(received.headers());
            callbacks.settle(CallbackService.PROVIDER, callback);
        } catch (IdempotencyInProgressException e) {
            pause(e);
            context.setRollbackOnly();
            return;
        }
        if (ExampleSettings.current().demoFaults() && received.attempts() == 0
                && JmsCallbacks.ROLLBACK_AFTER_SETTLE.equals(received.headers().get("x-demo-fault"))) {
            LOG.warning(() -> "demo fault: rolling back delivery 1 of message " + received.id() + " after settle"
                    + " returned, as " + JmsCallbacks.DEMO_FAULT + "=" + JmsCallbacks.ROLLBACK_AFTER_SETTLE + " asked");
            context.setRollbackOnly();
        }
    }

    private PaymentCallback bind(ReceivedMessage received) throws MessageBindingException {
        if (received.body().length > ConsumerSettings.DEFAULT_MAX_BODY_BYTES) {
            throw new MessageBindingException(DeadLetterCode.BODY_TOO_LARGE, "The body has " + received.body().length
                    + " bytes, more than the consumer's limit of " + ConsumerSettings.DEFAULT_MAX_BODY_BYTES);
        }
        return binder.bind(received);
    }

    /** Moves the body to the dead-letter queue, in this transaction: the message is consumed when that commits. */
    private void deadLetter(ReceivedMessage received, MessageBindingException refused) {
        jms.createProducer()
                .setProperty(JmsCallbacks.ERROR_CODE, refused.code().name())
                .setProperty(JmsCallbacks.REASON, refused.getMessage())
                .setProperty(JmsCallbacks.MESSAGE_ID, received.id())
                .send(deadLetters, received.body());
        ConsumerLog.deadLettered(JmsCallbacks.QUEUE_NAME, JmsCallbacks.CONSUMER, received.id(),
                new Disposition.DeadLetter(refused.code(), refused.getMessage(), received.attempts() + 1, refused),
                JmsCallbacks.DEAD_LETTER_QUEUE_NAME);
    }

    private static void pause(IdempotencyInProgressException e) {
        try {
            Thread.sleep(e.retryAfter().toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
