package io.idempo.example.provider;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * A running payment provider: its HTTP API on the JDK's own server, its database, and its webhook dispatcher. The
 * runnable jar's {@link Main} starts one from the environment; a test or an application starts one in its JVM:
 *
 * <pre>{@code
 * try (PaymentProvider provider = PaymentProvider.start(ProviderSettings.embedded()
 *         .withWebhook(WebhookTarget.parse("http://provider:provider@127.0.0.1:8080/api/payment-callbacks")))) {
 *     URI charges = provider.baseUri().resolve("/v1/charges");
 *     ...
 * }
 * }</pre>
 */
public final class PaymentProvider implements AutoCloseable {

    /** Threads that answer requests; more requests wait in line (a delay fault holds one thread per request). */
    static final int HANDLER_THREADS = 32;
    private static final int BACKLOG = 128;
    private static final long STOP_WAIT_SECONDS = 5;
    private static final Logger LOG = Logger.getLogger(PaymentProvider.class.getName());

    private final ProviderSettings settings;
    private final HttpServer server;
    private final ExecutorService handlers;
    private final WebhookDispatcher dispatcher;
    private final ProviderDatabase database;
    private final URI baseUri;
    private boolean closed;

    private PaymentProvider(ProviderSettings settings, HttpServer server, ExecutorService handlers,
                            WebhookDispatcher dispatcher, ProviderDatabase database) {
        this.settings = settings;
        this.server = server;
        this.handlers = handlers;
        this.dispatcher = dispatcher;
        this.database = database;
        InetSocketAddress bound = server.getAddress();
        InetAddress host = bound.getAddress().isAnyLocalAddress() ? InetAddress.getLoopbackAddress()
                : bound.getAddress();
        String literal = host.getHostAddress();
        this.baseUri = URI.create("http://" + (literal.contains(":") ? "[" + literal + "]" : literal) + ":"
                + bound.getPort());
    }

    /**
     * Opens the database, listens, and starts sending webhooks (pending ones from an earlier run first).
     *
     * @throws IOException           if it cannot listen on the address (a port in use, say)
     * @throws IllegalStateException if it cannot open its database (a data folder another provider uses, say)
     */
    public static PaymentProvider start(ProviderSettings settings) throws IOException {
        ProviderDatabase database = ProviderDatabase.open(settings.storage());
        try {
            Clock clock = Clock.systemUTC();
            WebhookDispatcher dispatcher = settings.webhook().map(target -> new WebhookDispatcher(
                    new WebhookOutbox(database), target, settings.backoff(), clock)).orElse(null);
            ChargesApi api = new ChargesApi(new ChargeLedger(database, clock), settings.faults(),
                    new Dice(settings.seed()), dispatcher == null ? WebhookSignal.NONE : dispatcher);
            HttpServer server = listen(settings.address());
            ExecutorService handlers = Executors.newFixedThreadPool(HANDLER_THREADS, daemonThreads());
            server.setExecutor(handlers);
            server.createContext("/", api);
            server.start();
            if (dispatcher != null) {
                dispatcher.start();
            }
            PaymentProvider provider = new PaymentProvider(settings, server, handlers, dispatcher, database);
            LOG.info(() -> "payment provider on " + provider.baseUri + " (listening on " + server.getAddress()
                    + "), data: " + settings.storage() + ", webhooks: "
                    + settings.webhook().map(WebhookTarget::toString).orElse("none") + ", faults: "
                    + settings.faults() + ", seed: " + settings.seed());
            return provider;
        } catch (IOException | RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /** {@code http://host:port} of the API, the loopback address when it listens on every interface. */
    public URI baseUri() {
        return baseUri;
    }

    public int port() {
        return baseUri.getPort();
    }

    public ProviderSettings settings() {
        return settings;
    }

    /**
     * Stops listening, lets running requests end (up to {@value #STOP_WAIT_SECONDS} s), stops the webhooks and closes
     * the database. Pending webhooks stay pending for the next start on the same data folder.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        server.stop(0);
        handlers.shutdown();
        try {
            if (!handlers.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                handlers.shutdownNow();
            }
        } catch (InterruptedException e) {
            handlers.shutdownNow();
            Thread.currentThread().interrupt();
        }
        if (dispatcher != null) {
            dispatcher.close();
        }
        database.close();
        LOG.info(() -> "payment provider on " + baseUri + " stopped");
    }

    private static HttpServer listen(InetSocketAddress address) throws IOException {
        try {
            return HttpServer.create(address, BACKLOG);
        } catch (BindException e) {
            BindException explained = new BindException("cannot listen on " + address + ": " + e.getMessage());
            explained.initCause(e);
            throw explained;
        }
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "payment-provider-http-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
