package io.idempo.example.callbacks;

import io.idempo.example.web.Users;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code POST /api/payment-callbacks}, without {@code Idempotency-Key}: the body carries the key. */
@Path("payment-callbacks")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class CallbackResource {

    @Inject
    CallbackService callbacks;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public CallbackResult settle(PaymentCallback callback) {
        Users.body(callback).validate();
        return callbacks.settle(CallbackService.PROVIDER, callback);
    }
}
