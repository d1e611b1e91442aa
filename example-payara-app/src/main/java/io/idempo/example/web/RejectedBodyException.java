package io.idempo.example.web;

import jakarta.ws.rs.core.Response;

/**
 * A request body refused before it is bound: larger than the API accepts (413, {@code body-too-large}) or not
 * well-formed (400, {@code malformed-body}). The detail says which, and what to send instead.
 */
public class RejectedBodyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String kind;
    private final String title;

    private RejectedBodyException(Response.Status status, String kind, String title, String detail) {
        super(detail);
        this.status = status.getStatusCode();
        this.kind = kind;
        this.title = title;
    }

    public static RejectedBodyException tooLarge(long maxBytes) {
        return new RejectedBodyException(Response.Status.REQUEST_ENTITY_TOO_LARGE, "body-too-large",
                "Request body too large", "The body is larger than " + maxBytes + " bytes, the most this API"
                        + " accepts: send a smaller one");
    }

    public static RejectedBodyException malformed(String detail) {
        return new RejectedBodyException(Response.Status.BAD_REQUEST, "malformed-body", "Malformed request body",
                detail);
    }

    /** 413 or 400. */
    public int status() {
        return status;
    }

    public Response response() {
        return Problem.response(Response.Status.fromStatusCode(status), kind, title, getMessage());
    }
}
