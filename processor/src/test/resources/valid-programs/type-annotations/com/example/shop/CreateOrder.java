package com.example.shop;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A request body as JAX-RS and Spring applications validate it. */
public record CreateOrder(@NotBlank String sku, @Positive int quantity, @Nullable Address address,
                          @Size(max = 10) List<@Valid Line> lines, Map<@NotBlank String, @Positive Integer> counts,
                          Optional<@Valid Address> billing, List<List<@NotBlank String>> groups) {

    public record Address(@NotBlank String city) {
    }

    public record Line(@NotBlank String sku, @Positive long quantity) {
    }
}
