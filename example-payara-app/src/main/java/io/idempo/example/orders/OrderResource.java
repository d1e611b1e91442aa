package io.idempo.example.orders;

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

/** {@code POST /api/orders} (with {@code Idempotency-Key}) and {@code GET /api/orders/{id}}. */
@Path("orders")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class OrderResource {

    @Inject
    OrderService orders;

    @Context
    SecurityContext security;

    @Context
    UriInfo uri;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response place(OrderRequest request) {
        Users.body(request).validate();
        OrderView order = orders.place(Users.name(security), request);
        return Response.created(uri.getAbsolutePathBuilder().path(Long.toString(order.id())).build())
                .entity(order)
                .build();
    }

    @GET
    @Path("{id}")
    public OrderView find(@PathParam("id") long id) {
        return orders.find(Users.name(security), id);
    }
}
