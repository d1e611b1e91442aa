package io.idempo.example.payments;

/** A payment row is written only once the channel captured the money. */
public enum PaymentStatus {
    PAID
}
