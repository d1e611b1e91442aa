package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.idempo.messaging.MessageHeaders;
import io.idempo.outbox.OutboxEvent;
import io.idempo.outbox.PublishException;
import io.idempo.outbox.PublishResult;
import io.idempo.outbox.Publisher;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeoutException;

/**
 * The outbox relay's publisher for RabbitMQ: each event goes to the exchange named by its destination with its type as
 * the routing key, as a persistent message whose AMQP {@code message_id} is the event id (which
 * {@link RabbitListener} uses as the idempotency key by default), and the batch is confirmed by the broker (publisher
 * confirms) before the relay marks it sent.
 *
 * <pre>{@code
 * RabbitPublisher publisher = RabbitPublisher.builder()
 *         .uri("amqp://guest:guest@127.0.0.1:5672/")
 *         .declareExchange("shop.events", "topic")
 *         .build();                          // connects at the first batch; close() at stop
 * }</pre>
 *
 * <p>It connects lazily and again after any failure, so that the application starts while the broker is down and
 * the relay's back-off paces the attempts. One batch at a time: give each relay of a JVM its own publisher to run
 * them in parallel.
 */
public final class RabbitPublisher implements Publisher, AutoCloseable {

    private static final System.Logger LOG = System.getLogger("io.idempo.messaging");
    /** AMQP's delivery mode for messages written to disk. */
    private static final int PERSISTENT = 2;

    private final ConnectionFactory factory;
    private final String connectionName;
    private final Map<String, String> exchanges;
    private final String contentType;
    private final boolean mandatory;
    private final Duration confirmTimeout;
    private Connection connection;
    private ConfirmedPublisher confirmed;

    private RabbitPublisher(Builder builder) {
        this.factory = builder.factory.clone();
        // The relay retries, and a connection recovered behind its back would restart the confirms' numbering.
        this.factory.setAutomaticRecoveryEnabled(false);
        this.connectionName = builder.connectionName;
        this.exchanges = Map.copyOf(builder.exchanges);
        this.contentType = builder.contentType;
        this.mandatory = builder.mandatory;
        this.confirmTimeout = builder.confirmTimeout;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public synchronized PublishResult publish(List<OutboxEvent> events) throws PublishException {
        List<ConfirmedPublisher.Outgoing> messages = new ArrayList<>(events.size());
        for (OutboxEvent event : events) {
            messages.add(new ConfirmedPublisher.Outgoing(event.destination(), event.type(), mandatory,
                    properties(event), event.payload().getBytes(StandardCharsets.UTF_8)));
        }
        List<ConfirmedPublisher.Answer> answers;
        try {
            answers = connected().publishAll(messages);
        } catch (IOException | TimeoutException e) {
            disconnect(); // late confirms of this batch must not meet the next one
            throw new PublishException("RabbitMQ at " + factory.getHost() + ":" + factory.getPort() + ": "
                    + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            disconnect();
            throw new PublishException("interrupted while waiting for RabbitMQ's confirms", e);
        }
        Set<String> confirmedIds = new HashSet<>();
        Map<String, String> refused = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            OutboxEvent event = events.get(i);
            switch (answers.get(i)) {
                case CONFIRMED -> confirmedIds.add(event.id());
                case REFUSED -> refused.put(event.id(), "RabbitMQ refused it (nack)");
                case UNROUTABLE -> refused.put(event.id(), "no queue is bound to exchange " + event.destination()
                        + " for routing key " + event.type() + " (the publisher is mandatory)");
            }
        }
        return new PublishResult(confirmedIds, refused);
    }

    /** Closes the connection; a later batch would open a new one. */
    @Override
    public synchronized void close() {
        disconnect();
    }

    /** The failure's own words, or its cause's when it has none (the client wraps socket errors). */
    private static String describe(Exception failure) {
        Throwable described = failure;
        while (described.getMessage() == null && described.getCause() != null) {
            described = described.getCause();
        }
        return described.getMessage() == null ? described.getClass().getSimpleName()
                : described.getClass().getSimpleName() + ": " + described.getMessage();
    }

    private AMQP.BasicProperties properties(OutboxEvent event) {
        Map<String, Object> headers = new LinkedHashMap<>();
        headers.put(MessageHeaders.AGGREGATE_ID, event.aggregateId());
        return new AMQP.BasicProperties.Builder()
                .messageId(event.id())
                .type(event.type())
                .contentType(contentType)
                .deliveryMode(PERSISTENT)
                .timestamp(Date.from(event.createdAt()))
                .headers(headers)
                .build();
    }

    private ConfirmedPublisher connected() throws IOException, TimeoutException {
        if (connection != null && connection.isOpen()) {
            return confirmed;
        }
        disconnect();
        Connection opened = factory.newConnection(connectionName);
        try {
            Channel channel = opened.createChannel();
            channel.confirmSelect();
            for (Map.Entry<String, String> exchange : exchanges.entrySet()) {
                channel.exchangeDeclare(exchange.getKey(), exchange.getValue(), true);
            }
            confirmed = new ConfirmedPublisher(channel, confirmTimeout);
        } catch (IOException | RuntimeException e) {
            opened.abort();
            throw e;
        }
        connection = opened;
        LOG.log(Level.INFO, "idempo rabbitmq publisher-connected connection=" + connectionName + " broker="
                + factory.getHost() + ":" + factory.getPort() + " exchanges=" + exchanges.keySet());
        return confirmed;
    }

    private void disconnect() {
        if (connection != null) {
            connection.abort(); // never waits: the broker may be the reason we are here
            connection = null;
            confirmed = null;
        }
    }

    /**
     * Configures a {@link RabbitPublisher}. Required: the broker. Defaults: the connection name
     * {@code idempo-outbox}, JSON bodies, messages that need not be routable (RabbitMQ drops what no queue is bound
     * for, as a topic does), a 10 s wait for the confirms, no exchange declared.
     */
    public static final class Builder {

        public static final Duration DEFAULT_CONFIRM_TIMEOUT = Duration.ofSeconds(10);

        private ConnectionFactory factory;
        private String connectionName = "idempo-outbox";
        private final Map<String, String> exchanges = new LinkedHashMap<>();
        private String contentType = "application/json";
        private boolean mandatory;
        private Duration confirmTimeout = DEFAULT_CONFIRM_TIMEOUT;

        private Builder() {
        }

        /** The broker, such as {@code amqp://guest:guest@127.0.0.1:5672/} ({@code amqps://} for TLS). */
        public Builder uri(String uri) {
            this.factory = BrokerUris.factory(uri);
            return this;
        }

        /**
         * The broker, configured by the application (addresses, credentials, TLS, timeouts). The publisher works on a
         * clone, with automatic recovery off: it reconnects itself at the next batch.
         */
        public Builder connectionFactory(ConnectionFactory connectionFactory) {
            this.factory = Objects.requireNonNull(connectionFactory, "connectionFactory");
            return this;
        }

        /** The connection's name as the broker shows it; {@code idempo-outbox} by default. */
        public Builder connectionName(String name) {
            this.connectionName = Objects.requireNonNull(name, "connectionName");
            return this;
        }

        /**
         * Declares a durable exchange of {@code type} ({@code topic}, {@code direct}, {@code fanout},
         * {@code headers}) at each connection, for the destinations the application publishes to; a destination that
         * exists nowhere closes the channel, and the relay backs off until it does.
         */
        public Builder declareExchange(String name, String type) {
            exchanges.put(AmqpNames.require("exchange", name), Objects.requireNonNull(type, "type"));
            return this;
        }

        /** The AMQP {@code content_type} of every event; {@code application/json} by default. */
        public Builder contentType(String type) {
            this.contentType = Objects.requireNonNull(type, "contentType");
            return this;
        }

        /**
         * Whether an event that no queue takes is refused rather than dropped: false by default, as RabbitMQ drops
         * what nobody is bound for. With true, such an event stays pending (logged, retried with a back-off, and
         * holding its aggregate's later events back) until a queue is bound for it.
         */
        public Builder mandatory(boolean refuseUnroutable) {
            this.mandatory = refuseUnroutable;
            return this;
        }

        /** How long a batch waits for the broker's confirms before the relay backs off; 10 s by default. */
        public Builder confirmTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "confirmTimeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("confirmTimeout must be positive, got " + timeout);
            }
            this.confirmTimeout = timeout;
            return this;
        }

        public RabbitPublisher build() {
            if (factory == null) {
                throw new IllegalStateException("RabbitPublisher needs uri(...) or connectionFactory(...) before"
                        + " build()");
            }
            return new RabbitPublisher(this);
        }
    }
}
