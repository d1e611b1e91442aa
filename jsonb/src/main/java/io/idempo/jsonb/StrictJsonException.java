package io.idempo.jsonb;

/**
 * A JSON body {@link StrictJson} refuses to bind, with what is wrong in one sentence that never quotes a value of
 * the body. An HTTP adapter answers it 400, a message consumer dead-letters it.
 */
public final class StrictJsonException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What kind of body it is. */
    public enum Reason {
        /** No bytes at all. */
        EMPTY,
        /** Bytes that are not well-formed UTF-8, which JSON requires. */
        NOT_UTF8,
        /** Not one JSON value of the bound type's shape, a member name twice, or a member of the wrong JSON type. */
        MALFORMED
    }

    private final Reason reason;

    StrictJsonException(Reason reason, String detail) {
        super(detail);
        this.reason = reason;
    }

    static StrictJsonException malformed(String detail) {
        return new StrictJsonException(Reason.MALFORMED, detail);
    }

    public Reason reason() {
        return reason;
    }
}
