package io.idempo.jakarta.internal;

import jakarta.ws.rs.WebApplicationException;
import java.util.List;

/**
 * A request body refused before it is bound: larger than {@code idempo.body.max-bytes} (413
 * {@code IDEMPOTENCY_BODY_TOO_LARGE}) or not one well-formed JSON value of the bound type (400
 * {@code IDEMPOTENCY_MALFORMED_BODY}). It carries its problem answer: JAX-RS sends the response of an exception that
 * has an entity as it is, past the application's exception mappers (Jersey and RESTEasy alike), so a broad mapper of
 * the application cannot turn it into a 500.
 */
final class RefusedBodyException extends WebApplicationException {

    private static final long serialVersionUID = 1L;

    private RefusedBodyException(Problem problem, String detail) {
        super(detail, problem.response(detail, List.of()).build());
    }

    static RefusedBodyException tooLarge(StrictBodies limit) {
        return new RefusedBodyException(Problem.BODY_TOO_LARGE, "The body is larger than " + limit.maxBytes()
                + " bytes, the most this API accepts: send a smaller one");
    }

    static RefusedBodyException malformed(String detail) {
        return new RefusedBodyException(Problem.MALFORMED_BODY, detail);
    }
}
