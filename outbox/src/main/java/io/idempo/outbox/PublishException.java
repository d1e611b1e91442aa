package io.idempo.outbox;

/**
 * The broker could not be reached, or did not answer a batch in time: whether any of its events arrived is
 * unknown. The relay rolls the batch back, logs the state change once, and backs off.
 */
public class PublishException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what failed, for the relay's log line: never a payload value */
    public PublishException(String message, Throwable cause) {
        super(message, cause);
    }

    public PublishException(String message) {
        super(message);
    }
}
