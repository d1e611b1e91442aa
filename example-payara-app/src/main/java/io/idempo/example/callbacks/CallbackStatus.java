package io.idempo.example.callbacks;

/** What the payment channel reports about one of its transactions. */
public enum CallbackStatus {
    SUCCESS,
    FAILED
}
