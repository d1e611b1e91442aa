package io.idempo.example.load;

import io.idempo.example.orders.OrderRequest;
import io.idempo.example.web.Users;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

/**
 * The load-test endpoints (only with {@code IDEMPO_LOAD_ENDPOINTS=true}, see {@link LoadEndpoints}), for the
 * end-to-end benchmark in {@code benchmarks/e2e}. The same body as {@code POST /api/orders}; each answers 201 with
 * a {@link LoadOrder}:
 * <ul>
 *   <li>{@code POST /api/load/orders/{work}}: the work in a transaction, no idempotency (a key header is ignored);</li>
 *   <li>{@code POST /api/load/orders-idempotent/{work}}: the same work behind {@code @Idempotent}, with an
 *       {@code Idempotency-Key} (a duplicate is replayed, marked {@code Idempotent-Replayed: true}).</li>
 * </ul>
 * {@code work} is {@code trivial} or {@code realistic}, see {@link LoadOrderWork}.
 */
@Path("load")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class LoadOrderResource {

    @Inject
    PlainLoadOrders plain;

    @Inject
    IdempotentLoadOrders idempotent;

    @Context
    SecurityContext security;

    @POST
    @Path("orders/{work}")
    public Response plain(@PathParam("work") String work, OrderRequest request) {
        Users.body(request).validate();
        String user = Users.name(security);
        return created(switch (work) {
            case "trivial" -> plain.trivial(user, request);
            case "realistic" -> plain.realistic(user, request);
            default -> throw new NotFoundException();
        });
    }

    @POST
    @Path("orders-idempotent/{work}")
    public Response idempotent(@PathParam("work") String work, OrderRequest request) {
        Users.body(request).validate();
        String user = Users.name(security);
        return created(switch (work) {
            case "trivial" -> idempotent.trivial(user, request);
            case "realistic" -> idempotent.realistic(user, request);
            default -> throw new NotFoundException();
        });
    }

    private static Response created(LoadOrder order) {
        return Response.status(Response.Status.CREATED).entity(order).build();
    }
}
