package com.example.shop;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A bean whose getters carry type-use annotations. */
public class Customer {
    public @NotBlank String getId() {
        return "c-1";
    }

    public CreateOrder.@Nullable Address getAddress() {
        return null;
    }

    public List<CreateOrder.@Valid @NotNull Address> getAddresses() {
        return List.of();
    }
}
