package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.assertCompilesCleanly;
import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.java;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P016, P017: each stored exception can be thrown by the method and rebuilt on replay. */
class StoredExceptionChecksTest {

    @Test
    void p016_checkedExceptionNotDeclared() {
        JavaFileObject source = java("test.Payments",
                "class PaymentDeclinedException extends Exception {",
                "    private static final long serialVersionUID = 1L;",
                "    public PaymentDeclinedException(String message) {",
                "        super(message);",
                "    }",
                "}",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            storeExceptions = {",
                "                IllegalStateException.class,",
                "                PaymentDeclinedException.class})",
                "    String capture(String paymentId) {",
                "        return paymentId;",
                "    }",
                "}");
        assertError(source, Message.STORED_EXCEPTION_NOT_THROWN,
                "storeExceptions names test.PaymentDeclinedException, a checked exception the method does not "
                        + "declare, so it can never be stored; add it to the throws clause or remove it",
                "PaymentDeclinedException.class})");
    }

    @Test
    void p017_exceptionWithoutStringConstructor() {
        JavaFileObject source = java("test.Payments",
                "class PaymentDeclinedException extends RuntimeException {",
                "    private static final long serialVersionUID = 1L;",
                "    public PaymentDeclinedException(String message, int code) {",
                "        super(message + code);",
                "    }",
                "}",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            storeExceptions = {",
                "                IllegalStateException.class,",
                "                PaymentDeclinedException.class})",
                "    String capture(String paymentId) {",
                "        return paymentId;",
                "    }",
                "}");
        assertError(source, Message.STORED_EXCEPTION_NOT_REBUILDABLE,
                "storeExceptions names test.PaymentDeclinedException, which replay cannot rebuild: it has no public "
                        + "constructor taking a single String message; add one",
                "PaymentDeclinedException.class})");
    }

    @Test
    void p017_abstractException() {
        JavaFileObject source = java("test.Payments",
                "abstract class PaymentException extends RuntimeException {",
                "    private static final long serialVersionUID = 1L;",
                "    public PaymentException(String message) {",
                "        super(message);",
                "    }",
                "}",
                "class Payments {",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            storeExceptions =",
                "                PaymentException.class)",
                "    String capture(String paymentId) {",
                "        return paymentId;",
                "    }",
                "}");
        assertError(source, Message.STORED_EXCEPTION_NOT_REBUILDABLE,
                "storeExceptions names test.PaymentException, which replay cannot rebuild: it is abstract; name the "
                        + "concrete types that are thrown",
                "PaymentException.class)");
    }

    @Test
    void storedExceptions() {
        assertCompilesCleanly(
                java("test.PaymentDeclinedException",
                        "class PaymentDeclinedException extends Exception {",
                        "    private static final long serialVersionUID = 1L;",
                        "    public PaymentDeclinedException(String message) {",
                        "        super(message);",
                        "    }",
                        "}"),
                java("test.CardExpiredException",
                        "class CardExpiredException extends PaymentDeclinedException {",
                        "    private static final long serialVersionUID = 1L;",
                        "    public CardExpiredException(String message) {",
                        "        super(message);",
                        "    }",
                        "}"),
                java("test.Payments",
                        "class Payments {",
                        "    @Idempotent(action = \"payments.capture\",",
                        "            storeExceptions = {PaymentDeclinedException.class, IllegalStateException.class})",
                        "    String capture(String paymentId) throws PaymentDeclinedException {",
                        "        return paymentId;",
                        "    }",
                        "    @Idempotent(action = \"payments.authorize\",",
                        "            storeExceptions = CardExpiredException.class)",
                        "    String authorize(String paymentId) throws PaymentDeclinedException {",
                        "        return paymentId;",
                        "    }",
                        "    @Idempotent(action = \"payments.refund\",",
                        "            storeExceptions = UnsupportedOperationException.class)",
                        "    String refund(String paymentId) {",
                        "        return paymentId;",
                        "    }",
                        "    @Idempotent(action = \"payments.export\", storeExceptions = java.io.IOException.class)",
                        "    String export(String paymentId) throws java.io.FileNotFoundException {",
                        "        return paymentId;",
                        "    }",
                        "}"));
    }
}
