package io.idempo.messaging.example;

import java.math.BigDecimal;

/** A payment provider's event: the body of a message on the {@code payments} queue. */
public record ProviderEvent(String channelTxnId, String status, BigDecimal amount) {
}
