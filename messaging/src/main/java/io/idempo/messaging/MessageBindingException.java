package io.idempo.messaging;

/** A {@link MessageBinder} refused a body: the code goes into the dead letter's headers, the message is its reason. */
public final class MessageBindingException extends Exception {

    private static final long serialVersionUID = 1L;

    private final DeadLetterCode code;

    /** @param reason one sentence that says what is wrong, without values of the message */
    public MessageBindingException(DeadLetterCode code, String reason) {
        this(code, reason, null);
    }

    /**
     * @param reason one sentence that says what is wrong, without values of the message
     * @param cause  the parser's or binder's own exception, whose message may quote the body: logged at DEBUG only
     */
    public MessageBindingException(DeadLetterCode code, String reason, Throwable cause) {
        super(reason, cause);
        this.code = code;
    }

    public DeadLetterCode code() {
        return code;
    }
}
