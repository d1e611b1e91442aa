package io.idempo.example.web;

import io.idempo.example.demo.DemoFailureException;
import io.idempo.example.orders.OrderNotFoundException;
import io.idempo.example.payments.AmountMismatchException;
import io.idempo.example.payments.OrderNotPayableException;
import jakarta.json.bind.JsonbException;
import jakarta.json.stream.JsonParsingException;
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
 * the idempotency outcomes (key missing, in progress, key reused) keep the mappers that the Jakarta adapter brings.
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
    public static class RejectedBody implements ExceptionMapper<RejectedBodyException> {
        @Override
        public Response toResponse(RejectedBodyException e) {
            return e.response();
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

    /** Anything else is a 500 with a reference to the server log, never the exception's text or stack trace. */
    @Provider
    public static class Unexpected implements ExceptionMapper<Throwable> {
        @Override
        public Response toResponse(Throwable e) {
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
     * The answer to a body that could not be bound, wherever it is in the cause chain (the JSON provider and the
     * container wrap it): refused by {@link RequestBodyChecks} or {@link StrictJson} (their own detail), empty, or
     * not the JSON the endpoint expects.
     */
    static Optional<Response> bodyProblem(Throwable e) {
        Optional<RejectedBodyException> rejected = cause(e, RejectedBodyException.class);
        if (rejected.isPresent()) {
            return Optional.of(rejected.get().response());
        }
        if (cause(e, NoContentException.class).isPresent()) {
            return Optional.of(invalidRequest("A JSON body is required"));
        }
        if (cause(e, JsonbException.class).isPresent() || cause(e, JsonParsingException.class).isPresent()) {
            return Optional.of(RejectedBodyException.malformed("The body is not the JSON this endpoint expects")
                    .response());
        }
        return Optional.empty();
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
