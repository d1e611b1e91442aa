package io.idempo.example.receipts;

import io.idempo.Idempotent;
import io.idempo.example.orders.OrderService;
import io.idempo.example.web.Users;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/**
 * {@code POST /api/orders/{id}/receipts} sends a receipt by mail. Here the resource method itself is
 * {@code @Idempotent} and returns a {@link Response}: a duplicate gets the same status (202), entity, {@code Location}
 * and {@code X-Receipt-Id}, and the mail goes out once. It runs without {@code @Transactional}: the engine begins a
 * transaction of its own for the record.
 */
@Path("orders/{id}/receipts")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ReceiptResource {

    public static final String ACTION = "orders.receipt";

    @Inject
    ReceiptMailer mailer;

    @Inject
    OrderService orders;

    @Context
    SecurityContext security;

    @Context
    UriInfo uri;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Idempotent(action = ACTION, ttl = "PT1H", fingerprint = {"orderId", "request.email"})
    public Response send(@PathParam("id") long orderId, ReceiptRequest request) {
        Users.body(request).validate();
        orders.find(Users.name(security), orderId);
        Receipt receipt = mailer.send(orderId, request.email());
        return Response.accepted(receipt)
                .location(uri.getAbsolutePathBuilder().path(receipt.id()).build())
                .header("X-Receipt-Id", receipt.id())
                .build();
    }

    /** The receipts sent for the caller's order. */
    @GET
    public List<Receipt> sent(@PathParam("id") long orderId) {
        orders.find(Users.name(security), orderId);
        return mailer.sentFor(orderId);
    }
}
