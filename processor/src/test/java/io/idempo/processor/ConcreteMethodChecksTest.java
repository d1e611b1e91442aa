package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.assertCompilesCleanly;
import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.java;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P002: the aspect weaves method bodies, so only a concrete method can be {@code @Idempotent}. */
class ConcreteMethodChecksTest {

    @Test
    void p002_interfaceMethod() {
        JavaFileObject source = java("test.Orders",
                "interface Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(String orderId);",
                "}");
        assertError(source, Message.NOT_CONCRETE,
                "@Idempotent on an interface method does nothing: the aspect weaves method bodies; put it on the "
                        + "implementing method",
                "@Idempotent(action = \"orders.place\")");
    }

    @Test
    void p002_abstractMethod() {
        JavaFileObject source = java("test.Orders",
                "abstract class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    abstract String place(String orderId);",
                "}");
        assertError(source, Message.NOT_CONCRETE,
                "@Idempotent on an abstract method does nothing",
                "@Idempotent(action = \"orders.place\")");
    }

    @Test
    void concreteMethodsOfEveryKind() {
        assertCompilesCleanly(
                java("test.Orders",
                        "class Orders {",
                        "    @Idempotent(action = \"orders.private\")",
                        "    private String placePrivately(String sku) {",
                        "        return sku;",
                        "    }",
                        "    @Idempotent(action = \"orders.static\")",
                        "    static String placeStatically(String sku) {",
                        "        return sku;",
                        "    }",
                        "    @Idempotent(action = \"orders.final\")",
                        "    final String placeFinally(String sku) {",
                        "        return placePrivately(sku);",
                        "    }",
                        "    @Idempotent",
                        "    String derived(String sku) {",
                        "        return sku;",
                        "    }",
                        "    @Idempotent(action = \"orders.ping\")",
                        "    String ping() {",
                        "        return \"pong\";",
                        "    }",
                        "}"),
                java("test.Mode",
                        "enum Mode {",
                        "    FAST;",
                        "    @Idempotent(action = \"mode.apply\")",
                        "    String apply(String sku) {",
                        "        return sku;",
                        "    }",
                        "}"),
                java("test.Cart",
                        "record Cart(String id) {",
                        "    @Idempotent(action = \"cart.checkout\")",
                        "    public String checkout(long total) {",
                        "        return id;",
                        "    }",
                        "}"));
    }
}
