package io.idempo.example.orders;

/**
 * An order is placed PENDING and becomes PAID once, by a conditional update; the order-expiry job moves one that
 * stayed PENDING too long to EXPIRED, by a conditional update too, and an expired order cannot be paid.
 */
public enum OrderStatus {
    PENDING,
    PAID,
    EXPIRED
}
