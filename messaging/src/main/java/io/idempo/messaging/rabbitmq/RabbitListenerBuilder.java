package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Recoverable;
import io.idempo.messaging.ConsumerSettings;
import io.idempo.messaging.IdempotentConsumer;
import io.idempo.messaging.MessageBinder;
import io.idempo.messaging.MessageHandler;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeoutException;

/**
 * Configures a {@link RabbitListener}. Required: the broker ({@link #uri} or {@link #connectionFactory}), the
 * {@link #queue}, the {@link #consumerName} and the {@link #handler}. Defaults: prefetch 10, one consumer, 5
 * attempts with a retry delay from 1 s doubling, dead letters to {@code <queue>.dead}, bodies up to 1 MiB, both
 * queues declared (durable, classic, no arguments).
 *
 * @param <T> the payload type
 */
public final class RabbitListenerBuilder<T> {

    /**
     * Each channel handles its deliveries one at a time, so a few messages in hand are enough to keep it busy
     * through the round trip of an ack; more would only pile up on one consumer what another one could take, and
     * be redelivered all at once when its connection fails.
     */
    public static final int DEFAULT_PREFETCH = 10;
    public static final String DEAD_LETTER_SUFFIX = ".dead";
    public static final Duration DEFAULT_CONFIRM_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final MessageBinder<T> binder;
    private MessageHandler<T> handler;
    private ConnectionFactory connectionFactory;
    private String queue;
    private String deadLetterQueue;
    private String consumerName;
    private int maxAttempts = ConsumerSettings.DEFAULT_MAX_ATTEMPTS;
    private Duration retryDelay = ConsumerSettings.DEFAULT_RETRY_DELAY;
    private int maxBodyBytes = ConsumerSettings.DEFAULT_MAX_BODY_BYTES;
    private int prefetch = DEFAULT_PREFETCH;
    private int consumers = 1;
    private boolean declareQueues = true;
    private final List<Binding> bindings = new ArrayList<>();
    private ThreadFactory threadFactory;
    private ExecutorService executor;
    private Duration confirmTimeout = DEFAULT_CONFIRM_TIMEOUT;
    private Duration closeTimeout = DEFAULT_CLOSE_TIMEOUT;
    private String connectionName;

    RabbitListenerBuilder(MessageBinder<T> binder) {
        this.binder = Objects.requireNonNull(binder, "binder");
    }

    /**
     * The broker, such as {@code amqp://guest:guest@127.0.0.1:5672/} ({@code amqps://} for TLS); a path of only
     * {@code /} names the default virtual host {@code /} ({@link BrokerUris}).
     */
    public RabbitListenerBuilder<T> uri(String uri) {
        this.connectionFactory = BrokerUris.factory(uri);
        return this;
    }

    /**
     * The broker, configured by the application (addresses, credentials, TLS, heartbeats). The listener works on a
     * clone, on which it turns automatic connection and topology recovery on.
     */
    public RabbitListenerBuilder<T> connectionFactory(ConnectionFactory factory) {
        this.connectionFactory = Objects.requireNonNull(factory, "connectionFactory");
        return this;
    }

    /** The queue to consume. */
    public RabbitListenerBuilder<T> queue(String name) {
        this.queue = AmqpNames.require("queue", name);
        return this;
    }

    /** Where dead letters go; {@code <queue>.dead} by default. */
    public RabbitListenerBuilder<T> deadLetterQueue(String name) {
        this.deadLetterQueue = AmqpNames.require("deadLetterQueue", name);
        return this;
    }

    /**
     * The consumer's name, which is the idempotency scope: two listeners with different names each handle a
     * message once. Keep it stable across deployments, or messages are handled again.
     */
    public RabbitListenerBuilder<T> consumerName(String name) {
        this.consumerName = name;
        return this;
    }

    public RabbitListenerBuilder<T> handler(MessageHandler<T> messageHandler) {
        this.handler = Objects.requireNonNull(messageHandler, "handler");
        return this;
    }

    /** Deliveries that may fail in the handler before the message is dead-lettered; 5 by default. */
    public RabbitListenerBuilder<T> maxAttempts(int attempts) {
        this.maxAttempts = attempts;
        return this;
    }

    /** The wait before the first retry of a failed message, doubling with each attempt up to 30 s; 1 s by default. */
    public RabbitListenerBuilder<T> retryDelay(Duration delay) {
        this.retryDelay = delay;
        return this;
    }

    /** Larger bodies are dead-lettered unread ({@code BODY_TOO_LARGE}); 1 MiB by default. */
    public RabbitListenerBuilder<T> maxBodyBytes(int bytes) {
        this.maxBodyBytes = bytes;
        return this;
    }

    /** Unacknowledged messages each consumer holds; 10 by default. */
    public RabbitListenerBuilder<T> prefetch(int count) {
        if (count < 1 || count > 65_535) {
            throw new IllegalArgumentException("prefetch must be 1 to 65535, got " + count);
        }
        this.prefetch = count;
        return this;
    }

    /**
     * Consumers (one channel each) on the queue; 1 by default. Each handles its messages one at a time, so this
     * is the listener's parallelism; with more than one, messages of the queue are no longer handled in order.
     */
    public RabbitListenerBuilder<T> consumers(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("consumers must be at least 1, got " + count);
        }
        this.consumers = count;
        return this;
    }

    /**
     * Whether to declare the queue and the dead-letter queue at start (durable, classic, no arguments, so that
     * other clients can declare them identically); true by default. Turn it off when the queues are declared
     * elsewhere with arguments of their own (a quorum queue, a length limit).
     */
    public RabbitListenerBuilder<T> declareQueues(boolean declare) {
        this.declareQueues = declare;
        return this;
    }

    /**
     * Binds the queue to a durable exchange of {@code exchangeType} ({@code topic}, {@code direct}, {@code fanout},
     * {@code headers}) for {@code routingKey}, declaring the exchange too, at start and after each recovery: how a
     * consumer subscribes to events that the outbox relay publishes to an exchange (the routing key is the event's
     * type). May be called more than once.
     */
    public RabbitListenerBuilder<T> bindTo(String exchange, String exchangeType, String routingKey) {
        bindings.add(new Binding(AmqpNames.require("exchange", exchange),
                Objects.requireNonNull(exchangeType, "exchangeType"), Objects.requireNonNull(routingKey, "routingKey")));
        return this;
    }

    /**
     * Creates the connection's threads (its I/O loop, its heartbeats and, without {@link #executor}, the pool that
     * runs the handlers). In a Jakarta EE server, pass a {@code ManagedThreadFactory}, so that JNDI, CDI and JTA
     * work on those threads.
     */
    public RabbitListenerBuilder<T> threadFactory(ThreadFactory factory) {
        this.threadFactory = Objects.requireNonNull(factory, "threadFactory");
        return this;
    }

    /**
     * Runs the handlers (each channel's deliveries in order, one at a time), such as a
     * {@code ManagedExecutorService}; the listener never shuts it down. Without it the client creates a pool.
     */
    public RabbitListenerBuilder<T> executor(ExecutorService service) {
        this.executor = Objects.requireNonNull(service, "executor");
        return this;
    }

    /** How long to wait for the broker to confirm a retried copy or a dead letter; 10 s by default. */
    public RabbitListenerBuilder<T> confirmTimeout(Duration timeout) {
        this.confirmTimeout = positive("confirmTimeout", timeout);
        return this;
    }

    /** How long {@link RabbitListener#close()} waits for the messages being handled; 30 s by default. */
    public RabbitListenerBuilder<T> closeTimeout(Duration timeout) {
        this.closeTimeout = positive("closeTimeout", timeout);
        return this;
    }

    /** The connection's name as the broker shows it; {@code idempo-<consumerName>} by default. */
    public RabbitListenerBuilder<T> connectionName(String name) {
        this.connectionName = Objects.requireNonNull(name, "connectionName");
        return this;
    }

    /** Connects, declares the queues (unless told not to) and starts consuming. */
    public RabbitListener start() throws IOException {
        require(connectionFactory, "uri(...) or connectionFactory(...)");
        require(queue, "queue(...)");
        require(consumerName, "consumerName(...)");
        require(handler, "handler(...)");
        ConsumerSettings settings = new ConsumerSettings(consumerName, maxAttempts, retryDelay, maxBodyBytes);
        Queues queues = new Queues(queue, deadLetterQueue == null ? queue + DEAD_LETTER_SUFFIX : deadLetterQueue);
        String name = connectionName == null ? "idempo-" + consumerName : connectionName;
        Connection connection = connect(name);
        try {
            ConnectionStateLog stateLog = new ConnectionStateLog(name, queue, consumerName);
            connection.addShutdownListener(stateLog);
            ((Recoverable) connection).addRecoveryListener(stateLog);
            IdempotentConsumer<T> consumer = new IdempotentConsumer<>(settings, binder, handler);
            InFlight inFlight = new InFlight();
            CountDownLatch stopping = new CountDownLatch(1);
            Map<Channel, String> consumerTags = new LinkedHashMap<>();
            for (int i = 0; i < consumers; i++) {
                Channel channel = connection.createChannel();
                channel.basicQos(prefetch);
                channel.confirmSelect();
                if (i == 0) { // on a channel that lives as long as the listener, for recovery
                    if (declareQueues) {
                        declare(channel, queues);
                    }
                    bind(channel, queue, bindings);
                }
                consumerTags.put(channel, channel.basicConsume(queue, false,
                        new QueueConsumer<>(channel, consumer, queues, confirmTimeout, inFlight, stopping)));
            }
            String description = "connection=" + name + " queue=" + queue + " consumer=" + consumerName;
            System.getLogger("io.idempo.messaging").log(Level.INFO, "idempo rabbitmq started " + description
                    + " consumers=" + consumers + " prefetch=" + prefetch + " dead-letters="
                    + queues.deadLetterQueue());
            return new RabbitListener(connection, consumerTags, inFlight, stopping, closeTimeout, description);
        } catch (IOException | RuntimeException e) {
            try {
                connection.abort();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private Connection connect(String name) throws IOException {
        ConnectionFactory factory = connectionFactory.clone();
        factory.setAutomaticRecoveryEnabled(true);
        factory.setTopologyRecoveryEnabled(true);
        if (threadFactory != null) {
            factory.setThreadFactory(threadFactory);
        }
        try {
            return executor == null ? factory.newConnection(name) : factory.newConnection(executor, name);
        } catch (TimeoutException e) {
            throw new IOException("RabbitMQ did not answer in time at " + factory.getHost() + ":" + factory.getPort(),
                    e);
        }
    }

    /** Durable classic queues without arguments, declared alike by every client. */
    private static void declare(Channel channel, Queues queues) throws IOException {
        channel.queueDeclare(queues.queue(), true, false, false, null);
        channel.queueDeclare(queues.deadLetterQueue(), true, false, false, null);
    }

    private static void bind(Channel channel, String queue, List<Binding> bindings) throws IOException {
        for (Binding binding : bindings) {
            channel.exchangeDeclare(binding.exchange(), binding.exchangeType(), true);
            channel.queueBind(queue, binding.exchange(), binding.routingKey());
        }
    }

    private static void require(Object value, String what) {
        if (value == null) {
            throw new IllegalStateException("RabbitListener needs " + what + " before start()");
        }
    }

    private static Duration positive(String name, Duration duration) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + duration);
        }
        return duration;
    }
}
