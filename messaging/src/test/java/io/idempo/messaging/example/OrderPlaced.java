package io.idempo.messaging.example;

import java.math.BigDecimal;

/** The body of an ORDER_PLACED event: it names its own id, so that a consumer can log or store it. */
public record OrderPlaced(String eventId, String type, String orderId, BigDecimal amount) {
}
