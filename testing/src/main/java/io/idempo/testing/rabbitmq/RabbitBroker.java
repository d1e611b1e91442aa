package io.idempo.testing.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
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
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The local RabbitMQ broker, shared with other programs: queues of the test's own under unique names
 * ({@link #queueName}, {@link #declareQueue}), deleted after each test when registered as a JUnit extension
 * ({@code @RegisterExtension}, static or not) or at {@link #close()}; never anything broker-wide but the two
 * operator commands a fault test needs, run through {@code rabbitmqctl} (as root on this machine):
 * {@link #closeAllConnections} and {@link #queueDepths}.
 *
 * <p>The broker is {@code e2e.rabbitmq.uri} (default {@code amqp://guest:guest@127.0.0.1:5672/}), which
 * {@code .ci/run} starts. Nothing is skipped: a broker that is down fails the test that needs it.
 */
public final class RabbitBroker implements AfterEachCallback, AfterAllCallback, AutoCloseable {

    /** Where the local broker listens unless {@code e2e.rabbitmq.uri} says otherwise. */
    public static final String DEFAULT_URI = "amqp://guest:guest@127.0.0.1:5672/";

    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

    private final URI uri;
    private final Set<String> queues = ConcurrentHashMap.newKeySet();
    private final List<Connection> connections = new ArrayList<>();

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
        String name = "idempo-test-" + purpose + "-" + UUID.randomUUID().toString().substring(0, 8);
        queues.add(name);
        return name;
    }

    /** Declares a durable queue of the test's own ({@link #queueName}) and returns its name. */
    public String declareQueue(String purpose) throws IOException, TimeoutException {
        String name = queueName(purpose);
        try (Connection connection = connectionFactory().newConnection("idempo-test-declare");
             Channel channel = connection.createChannel()) {
            channel.queueDeclare(name, true, false, false, null);
        }
        return name;
    }

    /** Publishes {@code body} (UTF-8) to {@code queue} through the default exchange, as a persistent message. */
    public void publish(String queue, String body) throws IOException, TimeoutException {
        try (Connection connection = connectionFactory().newConnection("idempo-test-publish");
             Channel channel = connection.createChannel()) {
            channel.confirmSelect();
            channel.basicPublish("", queue, MessageProperties.PERSISTENT_TEXT_PLAIN,
                    body.getBytes(StandardCharsets.UTF_8));
            channel.waitForConfirmsOrDie(COMMAND_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while publishing to " + queue, e);
        }
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

    /** Deletes the test's queues and closes its connections. */
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
        for (Connection connection : connections) {
            if (connection.isOpen()) {
                connection.abort();
            }
        }
        connections.clear();
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
