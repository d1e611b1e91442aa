package io.idempo.example.demo;

/** Thrown on request ({@code X-Demo-Fail: after-write}) after the business write: the transaction rolls back. */
public class DemoFailureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DemoFailureException(String message) {
        super(message);
    }
}
