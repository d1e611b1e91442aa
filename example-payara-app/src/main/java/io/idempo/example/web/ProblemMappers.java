package io.idempo.example.web;

import io.idempo.example.demo.DemoFailureException;
import io.idempo.example.orders.OrderNotFoundException;
import io.idempo.example.payments.AmountMismatchException;
import io.idempo.example.payments.OrderNotPayableException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.NoContentException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Every error leaves as {@code application/problem+json} without a stack trace. The most specific mapper wins, so
 * the idempotency outcomes (key missing, in progress, key reused) keep the mappers that the Jakarta adapter brings;
 * a body the adapter refuses ({@code idempo.body.strict}, too large or malformed) carries its answer and never
 * reaches these.
 */
public final class ProblemMappers {

    private static final Logger LOG = Logger.getLogger("io.idempo.example");

    private ProblemMappers() {
    }

    @Provider
    public static class NotFound implements ExceptionMapper<OrderNotFoundException> {
        @Override
        public Response toResponse(OrderNotFoundException e) {
            return Problem.response(Response.Status.NOT_FOUND, "order-not-found", "Order not found", e.getMessage());
        }
    }

    @Provider
    public static class NotPayable implements ExceptionMapper<OrderNotPayableException> {
        @Override
        public Response toResponse(OrderNotPayableException e) {
            return Problem.response(Response.Status.CONFLICT, "order-not-payable", "Order cannot be paid", e.getMessage());
        }
    }

    @Provider
    public static class AmountMismatch implements ExceptionMapper<AmountMismatchException> {
        @Override
        public Response toResponse(AmountMismatchException e) {
            return Problem.response(Unprocessable.INSTANCE, "amount-mismatch", "Amount does not match the order",
                    e.getMessage());
        }
    }

    @Provider
    public static class InvalidRequest implements ExceptionMapper<InvalidRequestException> {
        @Override
        public Response toResponse(InvalidRequestException e) {
            return invalidRequest(e.getMessage());
        }
    }

    @Provider
    public static class DemoFailure implements ExceptionMapper<DemoFailureException> {
        @Override
        public Response toResponse(DemoFailureException e) {
            return Problem.response(Response.Status.INTERNAL_SERVER_ERROR, "demo-failure", "Injected demo failure",
                    e.getMessage());
        }
    }

    /** JAX-RS's own errors (unknown path, wrong method or media type) keep their status. */
    @Provider
    public static class Web implements ExceptionMapper<WebApplicationException> {
        @Override
        public Response toResponse(WebApplicationException e) {
            Response original = e.getResponse();
            Optional<Response> body = bodyProblem(e);
            if (body.isPresent()) {
                return body.get();
            }
            return Problem.response(original.getStatusInfo(), "http-" + original.getStatus(),
                    original.getStatusInfo().getReasonPhrase(), e.getMessage());
        }
    }

    /**
     * Any other exception is a 500 with a reference to the server log, never the exception's text or stack trace.
     * Errors are left to the container, as many applications leave them (and the demo's unmapped failure relies on).
     */
    @Provider
    public static class Unexpected implements ExceptionMapper<Exception> {
        @Override
        public Response toResponse(Exception e) {
            Optional<Response> body = bodyProblem(e);
            if (body.isPresent()) {
                return body.get();
            }
            String reference = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "Unexpected failure, reference " + reference, e);
            return Problem.response(Response.Status.INTERNAL_SERVER_ERROR, "internal-error", "Internal server error",
                    "The request failed; the server log has the details under reference " + reference);
        }
    }

    /**
     * The answer to an empty body, wherever its {@link NoContentException} is in the cause chain (JAX-RS wraps it in
     * a 400, RESTEasy in a reader exception): the shop needs a body, like {@link Users#body} when a server binds an
     * empty body as null instead.
     */
    static Optional<Response> bodyProblem(Throwable e) {
        return cause(e, NoContentException.class).map(empty -> invalidRequest("A JSON body is required"));
    }

    static Response invalidRequest(String detail) {
        return Problem.response(Response.Status.BAD_REQUEST, "invalid-request", "Invalid request", detail);
    }

    private static <T extends Throwable> Optional<T> cause(Throwable e, Class<T> type) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return Optional.of(type.cast(cause));
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return Optional.empty();
    }

    /** 422, which JAX-RS 3.1's Response.Status does not name. */
    enum Unprocessable implements Response.StatusType {
        INSTANCE;

        @Override
        public int getStatusCode() {
            return 422;
        }

        @Override
        public Response.Status.Family getFamily() {
            return Response.Status.Family.CLIENT_ERROR;
        }

        @Override
        public String getReasonPhrase() {
            return "Unprocessable Content";
        }
    }
}
