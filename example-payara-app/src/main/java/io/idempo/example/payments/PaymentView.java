package io.idempo.example.payments;

import java.time.Instant;

/** A payment as the API shows it and replays it. */
public record PaymentView(long id, long orderId, long amount, PaymentStatus status, String channelTxnId,
                          Instant createdAt) {

    public static PaymentView of(Payment payment) {
        return new PaymentView(payment.getId(), payment.getOrderId(), payment.getAmount(), payment.getStatus(),
                payment.getChannelTxnId(), Instant.ofEpochMilli(payment.getCreatedAt()));
    }
}
