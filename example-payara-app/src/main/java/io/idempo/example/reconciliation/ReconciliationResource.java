package io.idempo.example.reconciliation;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /api/reconciliation}. */
@Path("reconciliation")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationResource {

    @Inject
    ReconciliationService reconciliation;

    @GET
    public Reconciliation reconcile() {
        return reconciliation.reconcile();
    }
}
