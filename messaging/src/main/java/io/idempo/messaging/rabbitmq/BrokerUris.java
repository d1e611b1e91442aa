package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.ConnectionFactory;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.GeneralSecurityException;
import java.util.Objects;

/** How the listener and the publisher read a broker URI: one rule for both. */
final class BrokerUris {

    private BrokerUris() {
    }

    /**
     * A factory for a URI such as {@code amqp://guest:guest@127.0.0.1:5672/} ({@code amqps://} for TLS). A path of only
     * {@code /} names the default virtual host {@code /}, as most clients and the RabbitMQ tools read it (the Java
     * client alone would take it for the virtual host "", which does not exist); {@code /%2F} names it too, and any
     * other path the virtual host it spells.
     */
    static ConnectionFactory factory(String uri) {
        Objects.requireNonNull(uri, "uri");
        ConnectionFactory factory = new ConnectionFactory();
        try {
            URI parsed = new URI(uri);
            factory.setUri(parsed);
            if ("/".equals(parsed.getRawPath())) {
                factory.setVirtualHost("/");
            }
        } catch (URISyntaxException | GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("Not a RabbitMQ URI (amqp://user:password@host:port/vhost): "
                    + e.getMessage(), e);
        }
        return factory;
    }
}
