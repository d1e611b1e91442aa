package io.idempo.example.web;

import io.idempo.runtime.IdempotencyContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * An error answer in the RFC 9457 shape ({@code application/problem+json}).
 *
 * @param type   a stable URI naming the kind of problem
 * @param title  a short summary of the kind
 * @param status the HTTP status
 * @param detail what happened this time
 * @param requestId the request's {@code X-Request-Id}, as the idempo adapter gave it (omitted when there is none)
 */
public record Problem(String type, String title, int status, String detail, String requestId) {

    public static final String MEDIA_TYPE = "application/problem+json";
    private static final String TYPE_BASE = "https://idempo.io/problems/example/";

    public static Response response(Response.StatusType status, String kind, String title, String detail) {
        return Response.status(status)
                .type(MediaType.valueOf(MEDIA_TYPE))
                .entity(new Problem(TYPE_BASE + kind, title, status.getStatusCode(), detail,
                        IdempotencyContext.currentRequestId().orElse(null)))
                .build();
    }
}
