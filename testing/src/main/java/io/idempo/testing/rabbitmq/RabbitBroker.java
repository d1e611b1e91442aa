package io.idempo.testing.rabbitmq;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import com.rabbitmq.client.MessageProperties;
import io.idempo.testing.ChildProcesses;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The local RabbitMQ broker, shared with other programs: queues and exchanges of the test's own under unique names
 * ({@link #queueName}, {@link #declareQueue}, {@link #exchangeName}, {@link #fanout}), deleted after each test when
 * registered as a JUnit extension ({@code @RegisterExtension}, static or not) or at {@link #close()}; publishing with
 * confirms, and reading queues back ({@link #ready}, {@link #take}). Never anything broker-wide but the operator
 * commands a fault test needs, run through {@code rabbitmqctl} (as root on this machine):
 * {@link #closeConnections} (the test's own connections, by name), {@link #closeAllConnections} and
 * {@link #queueDepths}.
 *
 * <p>The broker is {@code e2e.rabbitmq.uri} (default {@code amqp://guest:guest@127.0.0.1:5672/}), which
 * {@code .ci/run} starts. Nothing is skipped: a broker that is down fails the test that needs it.
 */
public final class RabbitBroker implements AfterEachCallback, AfterAllCallback, AutoCloseable {

    /** Where the local broker listens unless {@code e2e.rabbitmq.uri} says otherwise. */
    public static final String DEFAULT_URI = "amqp://guest:guest@127.0.0.1:5672/";

    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);
    /** The process id that starts a line of {@code rabbitmqctl list_connections pid ...}. */
    private static final Pattern CONNECTION_PID = Pattern.compile("^(<[^>]+>)");
    /** The client-provided name of the connection that carries {@link #channel}. */
    private static final String CHANNEL_CONNECTION = "idempo-test-broker";

    private final URI uri;
    private final Set<String> queues = ConcurrentHashMap.newKeySet();
    private final Set<String> exchanges = ConcurrentHashMap.newKeySet();
    private final List<Connection> connections = new ArrayList<>();
    /** The test's own channel, in confirm mode, for publishing and reading queues back; opened when first needed. */
    private Channel channel;

    private RabbitBroker(URI uri) {
        this.uri = uri;
    }

    /** The local broker ({@code e2e.rabbitmq.uri}). */
    public static RabbitBroker local() {
        return new RabbitBroker(URI.create(System.getProperty("e2e.rabbitmq.uri", DEFAULT_URI)));
    }

    public URI uri() {
        return uri;
    }

    /**
     * A factory for the broker, for the code under test to connect with. A URI whose path is only {@code /} means
     * the default virtual host {@code /}, as most clients read it (the Java client's own parser would take it for the
     * virtual host "", which does not exist).
     */
    public ConnectionFactory connectionFactory() {
        ConnectionFactory factory = new ConnectionFactory();
        try {
            factory.setUri(uri);
        } catch (Exception e) {
            throw new IllegalArgumentException("not an AMQP URI: " + uri, e);
        }
        if (uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/")) {
            factory.setVirtualHost("/");
        }
        return factory;
    }

    /** A connection of the test's own, named {@code name} in the broker; closed with the queues. */
    public synchronized Connection connect(String name) throws IOException, TimeoutException {
        Connection connection = connectionFactory().newConnection(name);
        connections.add(connection);
        return connection;
    }

    /**
     * A queue name of the test's own, {@code idempo-test-<purpose>-<random>}, deleted after the test (declared or
     * not by then).
     */
    public String queueName(String purpose) {
        String name = uniqueName(purpose);
        queues.add(name);
        return name;
    }

    /**
     * The name of a queue beside one of the test's own, {@code queue + suffix}, which the code under test declares
     * from that name (a listener's dead-letter queue, {@code <queue>.dead}); deleted after the test as well.
     */
    public String queueBeside(String queue, String suffix) {
        requireOwnQueue(queue);
        String name = queue + suffix;
        queues.add(name);
        return name;
    }

    /** Declares a durable queue of the test's own ({@link #queueName}) and returns its name. */
    public String declareQueue(String purpose) throws IOException, TimeoutException {
        String name = queueName(purpose);
        declare(name);
        return name;
    }

    /**
     * Declares {@code queue}, a name of the test's own ({@link #queueName}, {@link #queueBeside}), as consumers
     * usually declare theirs: durable, classic, without arguments.
     */
    public synchronized void declare(String queue) throws IOException, TimeoutException {
        requireOwnQueue(queue);
        channel().queueDeclare(queue, true, false, false, null);
    }

    /**
     * An exchange name of the test's own, {@code idempo-test-<purpose>-<random>}, deleted after the test; whoever uses
     * it first declares it.
     */
    public String exchangeName(String purpose) {
        String name = uniqueName(purpose);
        exchanges.add(name);
        return name;
    }

    /**
     * Declares a fanout exchange of the test's own ({@link #exchangeName}) and binds each of {@code boundQueues} (the
     * test's own, declared as {@link #declare} does) to it; returns the exchange's name.
     */
    public synchronized String fanout(String purpose, String... boundQueues) throws IOException, TimeoutException {
        String name = exchangeName(purpose);
        channel().exchangeDeclare(name, BuiltinExchangeType.FANOUT, false, false, null);
        for (String queue : boundQueues) {
            declare(queue);
            channel().queueBind(queue, name, "");
        }
        return name;
    }

    /** Publishes {@code body} (UTF-8) to {@code queue} through the default exchange, as a persistent message. */
    public void publish(String queue, String body) throws IOException, TimeoutException {
        publish("", queue, new OutgoingMessage(MessageProperties.PERSISTENT_TEXT_PLAIN,
                body.getBytes(StandardCharsets.UTF_8)));
    }

    /** Publishes one message to {@code exchange} ({@code ""}: the default) and returns once the broker confirmed it. */
    public void publish(String exchange, String routingKey, OutgoingMessage message)
            throws IOException, TimeoutException {
        publish(exchange, routingKey, List.of(message));
    }

    /**
     * Publishes {@code messages} in their order to {@code exchange} ({@code ""}: the default) and returns once the
     * broker confirmed them all; one wait for the lot, so that thousands go out quickly.
     */
    public synchronized void publish(String exchange, String routingKey, List<OutgoingMessage> messages)
            throws IOException, TimeoutException {
        Channel publishing = channel();
        for (OutgoingMessage message : messages) {
            publishing.basicPublish(exchange, routingKey, message.properties(), message.body());
        }
        try {
            publishing.waitForConfirmsOrDie(COMMAND_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while publishing to " + exchange + " / " + routingKey, e);
        }
    }

    /**
     * Messages ready in {@code queue}, as the broker answers a client at once (not those delivered and not yet
     * acknowledged; {@link #depth} counts both, but lags). Fails if there is no such queue.
     */
    public synchronized long ready(String queue) throws IOException, TimeoutException {
        return channel().messageCount(queue);
    }

    /** Takes every message now ready in {@code queue}, acknowledged as taken, in the queue's order. */
    public synchronized List<GetResponse> take(String queue) throws IOException, TimeoutException {
        List<GetResponse> taken = new ArrayList<>();
        for (GetResponse each = channel().basicGet(queue, true); each != null;
             each = channel().basicGet(queue, true)) {
            taken.add(each);
        }
        return taken;
    }

    /**
     * {@code rabbitmqctl close_connection}, for each connection whose client-provided name is {@code connectionName}:
     * the broker closes the test's own connections, as an operator or a failing node would, and nobody else's.
     * Returns how many it closed.
     */
    public int closeConnections(String connectionName) {
        List<String> pids = new ArrayList<>();
        for (String line : rabbitmqctl("list_connections", "--quiet", "--no-table-headers", "pid",
                "client_properties").split("\n")) {
            Matcher pid = CONNECTION_PID.matcher(line);
            if (pid.find() && line.contains("\"" + connectionName + "\"")) {
                pids.add(pid.group(1));
            }
        }
        for (String pid : pids) {
            rabbitmqctl("close_connection", pid, "idempo test: closed on purpose");
        }
        return pids.size();
    }

    /**
     * {@code rabbitmqctl close_all_connections <reason>}: the broker closes every client connection, everyone's, as a
     * broker restart or a network partition does to a client; {@code reason} is what the clients are told.
     */
    public void closeAllConnections(String reason) {
        rabbitmqctl("close_all_connections", reason);
    }

    /**
     * {@code rabbitmqctl list_queues name messages}: each queue's depth (ready and unacknowledged messages), the
     * broker's own count rather than a client's. The broker refreshes it within a few seconds of a change.
     */
    public Map<String, Long> queueDepths() {
        Map<String, Long> depths = new LinkedHashMap<>();
        for (String line : rabbitmqctl("list_queues", "--quiet", "--no-table-headers", "name", "messages")
                .split("\n")) {
            int tab = line.lastIndexOf('\t');
            if (tab > 0) {
                depths.put(line.substring(0, tab), Long.parseLong(line.substring(tab + 1).strip()));
            }
        }
        return depths;
    }

    /** The depth of one queue ({@link #queueDepths()}); fails if the broker has no such queue. */
    public long depth(String queue) {
        Long depth = queueDepths().get(queue);
        if (depth == null) {
            throw new IllegalStateException("the broker has no queue " + queue);
        }
        return depth;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        close();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        close();
    }

    /** Deletes the test's queues and exchanges and closes its connections. */
    @Override
    public synchronized void close() throws IOException, TimeoutException {
        if (!queues.isEmpty()) {
            try (Connection connection = connectionFactory().newConnection("idempo-test-cleanup")) {
                for (String queue : List.copyOf(queues)) {
                    // A channel per queue: deleting a queue that was never declared is fine, but an error closes it.
                    try (Channel channel = connection.createChannel()) {
                        channel.queueDelete(queue);
                    }
                    queues.remove(queue);
                }
            }
        }
        if (!exchanges.isEmpty()) {
            try (Connection connection = connectionFactory().newConnection("idempo-test-cleanup");
                 Channel cleanup = connection.createChannel()) {
                for (String exchange : List.copyOf(exchanges)) {
                    cleanup.exchangeDelete(exchange);
                    exchanges.remove(exchange);
                }
            }
        }
        for (Connection connection : connections) {
            if (connection.isOpen()) {
                connection.abort();
            }
        }
        connections.clear();
        channel = null;
    }

    /** The test's channel, opened again after the broker closed it (an error on it, a closed connection). */
    private Channel channel() throws IOException, TimeoutException {
        if (channel == null || !channel.isOpen()) {
            Connection connection = connections.stream().filter(each -> each.isOpen()
                    && CHANNEL_CONNECTION.equals(each.getClientProvidedName())).findFirst().orElse(null);
            channel = (connection == null ? connect(CHANNEL_CONNECTION) : connection).createChannel();
            channel.confirmSelect();
        }
        return channel;
    }

    private static String uniqueName(String purpose) {
        return "idempo-test-" + purpose + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private void requireOwnQueue(String queue) {
        if (!queues.contains(queue)) {
            throw new IllegalArgumentException("not a queue of the test's own (queueName, queueBeside): " + queue);
        }
    }

    /** Runs rabbitmqctl with {@code arguments} and returns its output; a failure throws, with the output. */
    private static String rabbitmqctl(String... arguments) {
        List<String> command = new ArrayList<>(List.of("rabbitmqctl"));
        command.addAll(List.of(arguments));
        ChildProcesses.Output output = ChildProcesses.run(command, COMMAND_TIMEOUT);
        if (output.exitCode() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + output.exitCode() + "):\n"
                    + output.text());
        }
        return output.text();
    }
}
