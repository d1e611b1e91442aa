package io.idempo.example.orders;

/** No such order, or not one of the caller's: 404 either way, so that ids of other users' orders do not leak. */
public class OrderNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public OrderNotFoundException(long orderId) {
        super("Order " + orderId + " does not exist");
    }
}
