package io.idempo.example.receipts;

import io.idempo.example.config.ExampleSettings;
import io.idempo.example.events.ShopEvent;
import io.idempo.example.events.ShopEvents;
import io.idempo.example.messaging.RabbitConsumer;
import io.idempo.messaging.rabbitmq.RabbitListener;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;

/**
 * The shop consumes its own PAYMENT_SUCCEEDED events, as another service would: with {@code RABBITMQ_URL} set, a
 * listener on the durable queue {@value #QUEUE}, bound to {@value ShopEvents#EXCHANGE} for that type, hands each event
 * to {@link ReceiptMails#send}, while the idempotency engine is installed ({@link RabbitConsumer}).
 */
@ApplicationScoped
public class ReceiptMailConsumer extends RabbitConsumer {

    public static final String QUEUE = "receipts.payment-succeeded";
    /** The consumer's name: the idempotency scope of its calls, and the name in its dead letters. */
    public static final String CONSUMER = "receipt-mails";

    @Inject
    ReceiptMails mails;

    @Override
    protected RabbitListener start(String url, ManagedThreadFactory threads, ExampleSettings settings)
            throws IOException {
        return RabbitListener.builder(ShopEvent.class)
                .uri(url)
                .queue(QUEUE)
                .bindTo(ShopEvents.EXCHANGE, "topic", ShopEvents.PAYMENT_SUCCEEDED)
                .consumerName(CONSUMER)
                .threadFactory(threads)
                .handler((event, message) -> mails.send(event))
                .start();
    }

    @Override
    protected String description() {
        return ShopEvents.PAYMENT_SUCCEEDED + " events for receipt mails (queue " + QUEUE + ")";
    }
}
