package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.assertOnlyError;
import static io.idempo.processor.DiagnosticAssertions.java;
import static io.idempo.processor.ProcessorCompiler.compile;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P013, P014: an action is well formed and belongs to one method. */
class ActionChecksTest {

    @Test
    void p013_malformedExplicitAction() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders:place\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.MALFORMED_ACTION,
                "action \"orders:place\" must match [A-Za-z][A-Za-z0-9_.-]{0,63}; set @Idempotent(action = \"...\")",
                "action = \"orders:place\")");
    }

    @Test
    void p013_actionTooLong() {
        String action = "orders." + "x".repeat(58);
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"" + action + "\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.MALFORMED_ACTION,
                "action \"" + action + "\" must match",
                "action = \"" + action + "\")");
    }

    @Test
    void p013_malformedDerivedAction() {
        JavaFileObject source = java("test._Orders",
                "class _Orders {",
                "    @Idempotent",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.MALFORMED_ACTION,
                "action \"_Orders.place\" (derived from the class and method names) must match "
                        + "[A-Za-z][A-Za-z0-9_.-]{0,63}; set @Idempotent(action = \"...\")",
                "@Idempotent");
    }

    @Test
    void p014_duplicateExplicitAction() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "    @Idempotent(",
                "            action = \"orders.place\" )",
                "    String placeAgain(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.DUPLICATE_ACTION,
                "action \"orders.place\" is already used by test.Orders.place(java.lang.String); records of two "
                        + "methods would share keys, give each its own @Idempotent(action = \"...\")",
                "action = \"orders.place\" )");
    }

    @Test
    void p014_duplicateActionAcrossFiles() {
        JavaFileObject orders = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"shop.place\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        JavaFileObject carts = java("test.Carts",
                "class Carts {",
                "    @Idempotent(action = \"shop.place\")",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertOnlyError(compile(orders, carts), carts, Message.DUPLICATE_ACTION,
                "action \"shop.place\" is already used by test.Orders.place(java.lang.String)",
                "@Idempotent(action = \"shop.place\")");
    }

    @Test
    void p014_overloadsShareTheDerivedAction() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent",
                "    String place(String sku) {",
                "        return sku;",
                "    }",
                "    @Idempotent /* overload */",
                "    String place(String sku, int quantity) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.DUPLICATE_ACTION,
                "action \"Orders.place\" is already used by test.Orders.place(java.lang.String)",
                "@Idempotent /* overload */");
    }
}
