package io.idempo.example.plainjava;

/** The payment service an order is charged with: a remote call, slow enough for duplicates to arrive meanwhile. */
public interface PaymentProvider {

    /**
     * Charges {@code amountCents} and returns the payment's reference. {@code paymentKey} is the provider's own
     * idempotency key: a retry after a rollback charges again, and the provider then answers with the first payment.
     */
    String charge(String paymentKey, long amountCents);
}
