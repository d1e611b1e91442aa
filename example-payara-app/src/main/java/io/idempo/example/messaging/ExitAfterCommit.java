package io.idempo.example.messaging;

import io.idempo.messaging.ConsumerLog;
import io.idempo.messaging.MessageHandler;
import io.idempo.messaging.ReceivedMessage;
import java.util.logging.Logger;

/**
 * Demo-only, with {@code IDEMPO_DEMO_FAULTS=true}: a message with the header {@code x-demo-fault: exit-after-commit}
 * halts the server's JVM after its handler returned, so after the callback's transaction committed and before the
 * listener acknowledges it: the crash a power cut or the OOM killer causes at the worst moment. The broker then
 * gives the message to the next consumer (or the restarted server), which must replay it, not book it again. Only
 * the first delivery halts: the broker marks the redelivery as such, and it goes through.
 */
final class ExitAfterCommit<T> implements MessageHandler<T> {

    static final String HEADER = "x-demo-fault";
    static final String EXIT_AFTER_COMMIT = "exit-after-commit";
    /** What {@code kill -9} leaves as the exit status, so that the crash looks like one. */
    private static final int STATUS = 137;

    private static final Logger LOG = Logger.getLogger("io.idempo.example.demo");

    private final MessageHandler<T> handler;

    private ExitAfterCommit(MessageHandler<T> handler) {
        this.handler = handler;
    }

    /** {@code handler}, followed by the fault when the demo faults are on; {@code handler} alone otherwise. */
    static <T> MessageHandler<T> around(MessageHandler<T> handler, boolean demoFaults) {
        return demoFaults ? new ExitAfterCommit<>(handler) : handler;
    }

    @Override
    public void handle(T payload, ReceivedMessage message) throws Exception {
        handler.handle(payload, message);
        if (EXIT_AFTER_COMMIT.equals(String.valueOf(message.headers().get(HEADER))) && !message.redelivered()) {
            LOG.warning(() -> "demo fault: halting the JVM after the commit and before the ack of message "
                    + ConsumerLog.safe(message.id()) + ", as " + HEADER + ": " + EXIT_AFTER_COMMIT + " asked");
            Runtime.getRuntime().halt(STATUS);
        }
    }
}
