package io.idempo.messaging.example;

import java.math.BigDecimal;

/** A request to place an order. */
public record PlaceOrder(String product, BigDecimal amount) {
}
