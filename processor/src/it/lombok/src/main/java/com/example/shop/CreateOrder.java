package com.example.shop;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import lombok.AllArgsConstructor;
import lombok.Data;
import lombok.NoArgsConstructor;

/** A request body as Spring Boot and Jakarta EE applications often write it. */
@Data
@NoArgsConstructor
@AllArgsConstructor
public class CreateOrder {
    @NotBlank
    private String sku;
    @Positive
    private int quantity;
    private boolean express;
}
