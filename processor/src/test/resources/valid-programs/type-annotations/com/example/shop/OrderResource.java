package com.example.shop;

import io.idempo.IdempotencyKey;
import io.idempo.IdempotencyScope;
import io.idempo.Idempotent;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The everyday resource method: validated parameters beside the idempotency key. */
public class OrderResource {

    public static class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Refused(@NotNull String message) {
            super(message);
        }
    }

    @Idempotent(action = "orders.create", storeExceptions = Refused.class)
    public String create(@IdempotencyKey @NotBlank String key, @Valid @NotNull CreateOrder order,
                         @Positive int quantity, @Size(max = 3) List<@NotBlank String> tags, @Nullable String note,
                         @NotNull String @Size(max = 2) [] codes) {
        return key;
    }

    @Idempotent(action = "orders.register", key = "{customer.id}-{order.sku}-{order.address.city}")
    public String register(@IdempotencyScope @NotNull Long tenant, @Valid Customer customer,
                           @Valid @Nullable CreateOrder order) {
        return customer.getId();
    }
}
