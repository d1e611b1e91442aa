package io.idempo.messaging;

import io.idempo.runtime.IdempotencyException;
import java.lang.System.Logger.Level;
import java.util.regex.Pattern;

/**
 * The lines a consumer logs on {@code io.idempo.messaging}, beside the engine's one outcome line per call
 * ({@code io.idempo.outcome}): one WARNING per dead letter and per failed attempt, naming the queue, the consumer
 * (the scope), the message id and the code; never a value of the body. Message ids come from producers, so they
 * are logged with anything outside the key characters replaced.
 */
public final class ConsumerLog {

    private static final System.Logger LOG = System.getLogger("io.idempo.messaging");
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9_.:-]");
    private static final int MAX_ID = 255;

    private ConsumerLog() {
    }

    /**
     * A message moved to {@code destination}: one WARNING line, with the handler's exception when it failed. The
     * binder's own exception, which may quote the body, goes to a second line at DEBUG only.
     */
    public static void deadLettered(String queue, String consumer, String messageId, Disposition.DeadLetter dead,
                                    String destination) {
        String line = "idempo dead-letter queue=" + queue + " consumer=" + consumer + " message-id=" + safe(messageId)
                + action(dead) + " code=" + dead.code() + " attempts=" + dead.attempts() + " to=" + destination
                + " reason=" + dead.reason();
        if (dead.cause() instanceof MessageBindingException refused) {
            LOG.log(Level.WARNING, line);
            if (refused.getCause() != null && LOG.isLoggable(Level.DEBUG)) {
                LOG.log(Level.DEBUG, "idempo dead-letter-detail queue=" + queue + " message-id=" + safe(messageId)
                        + " (the binder's exception; it may quote the body)", refused.getCause());
            }
        } else {
            LOG.log(Level.WARNING, line, dead.code() == DeadLetterCode.HANDLER_FAILED ? dead.cause() : null);
        }
    }

    /** A handler failed; the message goes back to the queue with its count. */
    public static void retrying(String queue, String consumer, String messageId, Disposition.Retry retry,
                                int maxAttempts) {
        LOG.log(Level.WARNING, "idempo handler-failed queue=" + queue + " consumer=" + consumer + " message-id="
                + safe(messageId) + " attempts=" + retry.attempts() + "/" + maxAttempts + " retry-in="
                + retry.delay().toMillis() + "ms", retry.cause());
    }

    /** A retried copy or a dead letter could not be published: the message stays in the queue as it was. */
    public static void notMoved(String queue, String consumer, String messageId, String destination, String why) {
        LOG.log(Level.WARNING, "idempo not-moved queue=" + queue + " consumer=" + consumer + " message-id="
                + safe(messageId) + " to=" + destination + " reason=" + why + "; the message is requeued unchanged");
    }

    /** The action and, when it passed the key policy, the key of the idempotent call that refused the message. */
    private static String action(Disposition.DeadLetter dead) {
        if (!(dead.cause() instanceof IdempotencyException refused)) {
            return "";
        }
        boolean validKey = dead.code() != DeadLetterCode.KEY_INVALID && refused.key() != null;
        return " action=" + refused.action() + (validKey ? " key=" + refused.key() : "");
    }

    /** A producer's value, fit for one log line: key characters only, at most 255 of them; "-" when absent. */
    public static String safe(String value) {
        if (value == null || value.isEmpty()) {
            return "-";
        }
        String cut = value.length() > MAX_ID ? value.substring(0, MAX_ID) : value;
        return UNSAFE.matcher(cut).replaceAll("?");
    }
}
