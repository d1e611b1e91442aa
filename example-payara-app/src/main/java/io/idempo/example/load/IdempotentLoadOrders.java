package io.idempo.example.load;

import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import io.idempo.example.orders.OrderRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/**
 * The same work as {@link PlainLoadOrders}, once per {@code Idempotency-Key} and user, exactly as
 * {@code OrderService.place} is declared. An hour's TTL keeps the benchmark's primed keys alive for a whole run.
 */
@ApplicationScoped
public class IdempotentLoadOrders {

    @Inject
    LoadOrderWork work;

    @Idempotent(action = "load.orders.trivial", ttl = "PT1H")
    @Transactional
    public LoadOrder trivial(@IdempotencyScope String user, OrderRequest request) {
        return work.trivial(user, request);
    }

    @Idempotent(action = "load.orders.realistic", ttl = "PT1H")
    @Transactional
    public LoadOrder realistic(@IdempotencyScope String user, OrderRequest request) {
        return work.realistic(user, request);
    }
}
