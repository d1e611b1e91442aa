package io.idempo.example.payments;

/** The amount of a payment or callback differs from the order's: 422. */
public class AmountMismatchException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AmountMismatchException(long orderId, long expected, long actual) {
        super("Order " + orderId + " is for " + expected + " minor units, not " + actual);
    }
}
