package io.idempo.example.payments;

import io.idempo.example.web.Users;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/**
 * {@code POST /api/orders/{id}/payments} (with {@code Idempotency-Key}): 200 with the payment, the first one also
 * when the order was already paid under another key.
 */
@Path("orders/{orderId}/payments")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PaymentResource {

    @Inject
    PaymentService payments;

    @Context
    SecurityContext security;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public PaymentView pay(@PathParam("orderId") long orderId, PaymentRequest request) {
        Users.body(request).validate();
        return payments.pay(Users.name(security), orderId, request);
    }
}
