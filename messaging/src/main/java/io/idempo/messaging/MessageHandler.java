package io.idempo.messaging;

/**
 * The application's code for one message. It calls an {@code @Idempotent} method (woven, as for HTTP), whose
 * record commits with the business writes before the handler returns; the container acknowledges the message
 * only after that. A handler never acknowledges the message itself.
 *
 * <pre>{@code
 * MessageHandler<PaymentEvent> handler = (event, message) -> ledger.settle(event);   // settle is @Idempotent
 * }</pre>
 *
 * @param <T> the payload type the {@link MessageBinder} produces
 */
@FunctionalInterface
public interface MessageHandler<T> {

    /**
     * Handles one message. Returning (a first run or a replay) acknowledges it; throwing rolls back the idempotent
     * call's transaction and retries the message, up to the consumer's attempts.
     */
    void handle(T payload, ReceivedMessage message) throws Exception;
}
