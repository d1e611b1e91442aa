package io.idempo.messaging.testing;

import java.math.BigDecimal;

/** A payment provider's event, as a message body: one per transaction and status. */
public record PaymentEvent(String channelTxnId, String status, BigDecimal amount) {
}
