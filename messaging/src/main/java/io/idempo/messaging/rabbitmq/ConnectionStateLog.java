package io.idempo.messaging.rabbitmq;

import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.rabbitmq.client.ShutdownListener;
import com.rabbitmq.client.ShutdownSignalException;
import java.lang.System.Logger.Level;

/**
 * One line per change of the listener's connection, never per message: lost (WARNING, while the client recovers
 * it) and recovered (INFO). Closing the listener is not a loss.
 */
final class ConnectionStateLog implements ShutdownListener, RecoveryListener {

    private static final System.Logger LOG = System.getLogger("io.idempo.messaging");

    private final String description;

    ConnectionStateLog(String connectionName, String queue, String consumer) {
        this.description = "connection=" + connectionName + " queue=" + queue + " consumer=" + consumer;
    }

    @Override
    public void shutdownCompleted(ShutdownSignalException cause) {
        if (!cause.isInitiatedByApplication()) {
            LOG.log(Level.WARNING, "idempo rabbitmq connection-lost " + description + " reason=" + cause.getMessage()
                    + "; recovering, unacknowledged messages will be redelivered");
        }
    }

    @Override
    public void handleRecovery(Recoverable recovered) {
        LOG.log(Level.INFO, "idempo rabbitmq connection-recovered " + description);
    }

    @Override
    public void handleRecoveryStarted(Recoverable recovering) {
        // the loss was logged when the connection shut down
    }
}
