package io.idempo.example.orders;

/** An order is placed PENDING and becomes PAID once, by a conditional update. */
public enum OrderStatus {
    PENDING,
    PAID
}
