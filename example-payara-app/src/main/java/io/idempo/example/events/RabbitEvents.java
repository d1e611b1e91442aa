package io.idempo.example.events;

import io.idempo.example.config.ExampleSettings;
import io.idempo.messaging.rabbitmq.RabbitPublisher;
import io.idempo.outbox.Publisher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The broker of the shop's events: with {@code RABBITMQ_URL} set, the publisher the adapter's outbox relay delivers
 * through (declaring the exchange {@value ShopEvents#EXCHANGE}); without it, none, so the relay does not run and the
 * events stay pending in the outbox table (the embedded default still runs). The adapter destroys the publisher when
 * the application stops, which closes its connection.
 */
@ApplicationScoped
public class RabbitEvents {

    private static final Logger LOG = Logger.getLogger("io.idempo.example");

    /** Null without {@code RABBITMQ_URL}: the adapter then leaves the relay off. */
    @Produces
    @Dependent
    Publisher publisher() {
        ExampleSettings settings = ExampleSettings.current();
        Optional<String> url = Optional.ofNullable(settings.rabbitmqUrl());
        if (url.isEmpty()) {
            LOG.info("idempo example: events stay in the outbox (RABBITMQ_URL not set)");
            return null;
        }
        LOG.info(() -> "idempo example: events relayed to RabbitMQ at " + settings.rabbitmqUrlForLog().orElseThrow()
                + " (RABBITMQ_URL), exchange " + ShopEvents.EXCHANGE);
        return RabbitPublisher.builder()
                .uri(url.get())
                .connectionName("idempo-example-events")
                .declareExchange(ShopEvents.EXCHANGE, "topic")
                .build();
    }

    void close(@Disposes Publisher publisher) {
        if (publisher instanceof RabbitPublisher rabbit) {
            rabbit.close();
        }
    }
}
