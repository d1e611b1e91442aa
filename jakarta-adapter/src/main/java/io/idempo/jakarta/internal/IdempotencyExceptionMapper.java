package io.idempo.jakarta.internal;

import io.idempo.runtime.IdempotencyException;
import io.idempo.runtime.IdempotencyInProgressException;
import io.idempo.runtime.IdempotencyKeyInvalidException;
import io.idempo.runtime.IdempotencyKeyMissingException;
import io.idempo.runtime.IdempotencyKeyReusedException;
import io.idempo.runtime.NoTransactionException;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.List;

/** The HTTP face of each idempotency outcome that is not the method's own result (see docs/jakarta.md). */
@Provider
public class IdempotencyExceptionMapper implements ExceptionMapper<IdempotencyException> {

    @Context
    UriInfo uriInfo;

    @Inject
    IdempotencyBootstrap bootstrap;

    @Override
    public Response toResponse(IdempotencyException exception) {
        if (exception instanceof IdempotencyKeyMissingException) {
            return Problem.KEY_MISSING.response(null, List.of()).build();
        }
        if (exception instanceof IdempotencyKeyInvalidException) {
            return Problem.KEY_INVALID.response(exception.getMessage(), List.of()).build();
        }
        if (exception instanceof IdempotencyKeyReusedException reused) {
            return Problem.KEY_REUSED.response(null, reused.differingFields()).build();
        }
        if (exception instanceof IdempotencyInProgressException inProgress) {
            Response.ResponseBuilder response = Problem.REQUEST_IN_PROGRESS.response(null, List.of())
                    .header(HttpHeaders.RETRY_AFTER, Math.max(1, inProgress.retryAfter().toSeconds()));
            if (bootstrap.config().statusEnabled() && inProgress.key() != null) {
                response.link(uriInfo.getBaseUriBuilder().path(IdempotencyStatusResource.class)
                        .path(inProgress.key()).build(), "status");
            }
            return response.build();
        }
        if (exception instanceof NoTransactionException) {
            return Problem.NO_TRANSACTION.response(exception.getMessage(), List.of()).build();
        }
        throw new IllegalStateException("No HTTP answer defined for " + exception.getClass().getName(), exception);
    }
}
