package com.example.orders;

import io.idempo.FingerprintExclude;
import io.idempo.IdempotencyKey;
import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Records, records inside records and collections of them, key templates over every kind of scalar. */
public class OrderService {

    public enum Channel { WEB, SHOP }

    public record Address(String street, String city) {
    }

    public record Line(String sku, int quantity, BigDecimal price) {
    }

    public record Customer(UUID id, String name, Address address, Optional<Address> billing) {
    }

    public record OrderRequest(long productId, Customer customer, List<Line> lines, Set<String> coupons,
                               Map<String, Line> bySku, Channel channel, Instant placedAt, LocalDate deliverOn,
                               @FingerprintExclude String clientTime) {
    }

    public record Receipt(String id) {
    }

    public static class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Refused(String message) {
            super(message);
        }
    }

    @Idempotent(action = "orders.create", ttl = "PT30M", lease = "PT30S", storeExceptions = Refused.class)
    public Receipt create(OrderRequest request, @IdempotencyScope String user) {
        return new Receipt("r-1");
    }

    @Idempotent(action = "orders.createWithKey")
    public Receipt createWithKey(@IdempotencyKey String key, @IdempotencyScope UUID tenant, OrderRequest request) {
        return new Receipt(key);
    }

    @Idempotent(action = "orders.amend", key = "{request.customer.id}:{request.productId}:{request.channel}",
            fingerprint = {"request.lines", "request.customer.address.city", "request.bySku"})
    public Receipt amend(OrderRequest request) {
        return new Receipt("r-2");
    }

    @Idempotent(action = "orders.schedule", key = "{day}-{line.price}-{line.sku}-{urgent}-{letter}")
    public Receipt schedule(LocalDate day, Line line, boolean urgent, char letter) {
        return new Receipt("r-3");
    }

    @Idempotent(action = "orders.cancel", noResult = true)
    public void cancel(@IdempotencyKey UUID key, String reason) {
    }
}
