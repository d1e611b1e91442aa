package io.idempo.example.load;

import io.idempo.example.orders.OrderRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/** The baseline: the load-test business work in a transaction, without {@code @Idempotent}. */
@ApplicationScoped
public class PlainLoadOrders {

    @Inject
    LoadOrderWork work;

    @Transactional
    public LoadOrder trivial(String user, OrderRequest request) {
        return work.trivial(user, request);
    }

    @Transactional
    public LoadOrder realistic(String user, OrderRequest request) {
        return work.realistic(user, request);
    }
}
