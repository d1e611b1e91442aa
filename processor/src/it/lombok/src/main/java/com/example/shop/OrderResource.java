package com.example.shop;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

public class OrderResource {

    /** The everyday resource method: a validated Lombok body beside the idempotency key. */
    @Idempotent(action = "orders.create")
    public String create(@IdempotencyKey @NotBlank String key, @Valid @NotNull CreateOrder order,
                         @Positive int copies) {
        return order.getSku();
    }

    /** A path into a Lombok class. */
    @Idempotent(action = "orders.express", fingerprint = {"order.sku", "order.express"})
    public String express(@Valid CreateOrder order) {
        return order.getSku();
    }

    @Idempotent(action = "shipments.ship", key = "{shipment.trackingId}:ship")
    public String ship(Shipment shipment) {
        return shipment.getCarrier();
    }

    /** A record of the same shape as CreateOrder, for comparison. */
    public record PlainOrder(String sku, int quantity, boolean express) {
    }

    @Idempotent(action = "orders.createPlain")
    public String createPlain(@IdempotencyKey String key, PlainOrder order, int copies) {
        return order.sku();
    }
}
