package io.idempo.example.payments;

/** The order is in a state that cannot be paid (and was not paid before): 409. */
public class OrderNotPayableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public OrderNotPayableException(String message) {
        super(message);
    }
}
