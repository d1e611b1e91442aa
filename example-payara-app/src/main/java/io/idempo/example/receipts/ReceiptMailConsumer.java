package io.idempo.example.receipts;

import io.idempo.example.config.ExampleSettings;
import io.idempo.example.events.ShopEvent;
import io.idempo.example.events.ShopEvents;
import io.idempo.jakarta.IdempotencyStarted;
import io.idempo.jakarta.IdempotencyStopping;
import io.idempo.messaging.rabbitmq.RabbitListener;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The shop consumes its own PAYMENT_SUCCEEDED events, as another service would: with {@code RABBITMQ_URL} set, a
 * listener on the durable queue {@value #QUEUE}, bound to {@value ShopEvents#EXCHANGE} for that type, hands each event
 * to {@link ReceiptMails#send} on the server's managed threads. It starts once the engine is installed and stops
 * before it is removed; without {@code RABBITMQ_URL} nothing starts.
 */
@ApplicationScoped
public class ReceiptMailConsumer {

    public static final String QUEUE = "receipts.payment-succeeded";
    /** The consumer's name: the idempotency scope of its calls, and the name in its dead letters. */
    public static final String CONSUMER = "receipt-mails";

    private static final Logger LOG = Logger.getLogger("io.idempo.example");

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    @Inject
    ReceiptMails mails;

    private RabbitListener listener;

    void start(@Observes IdempotencyStarted started) {
        Optional<String> url = Optional.ofNullable(ExampleSettings.current().rabbitmqUrl());
        if (url.isEmpty()) {
            return;
        }
        try {
            listener = RabbitListener.builder(ShopEvent.class)
                    .uri(url.get())
                    .queue(QUEUE)
                    .bindTo(ShopEvents.EXCHANGE, "topic", ShopEvents.PAYMENT_SUCCEEDED)
                    .consumerName(CONSUMER)
                    .threadFactory(threads)
                    .handler((event, message) -> mails.send(event))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("RabbitMQ (RABBITMQ_URL) did not answer: " + e.getMessage(), e);
        }
        LOG.info(() -> "idempo example: receipt mails from " + ShopEvents.PAYMENT_SUCCEEDED + " events, queue "
                + QUEUE);
    }

    void stop(@Observes IdempotencyStopping stopping) {
        close();
    }

    /** Also when the application scope ends without the adapter's event (a failed deployment). */
    @PreDestroy
    void close() {
        if (listener != null) {
            listener.close();
            listener = null;
        }
    }
}
