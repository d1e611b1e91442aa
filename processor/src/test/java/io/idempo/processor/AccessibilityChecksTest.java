package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.java;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** P020: the generated class, in the declaring type's package, must be able to name every type and method it uses. */
class AccessibilityChecksTest {

    @Test
    void p020_privateNestedRecordAsParameter() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private record Line(String sku, int quantity) {}",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"line\")",
                "    String place(Line line) {",
                "        return line.sku();",
                "    }",
                "}");
        assertError(source, Message.INACCESSIBLE,
                "type test.Orders.Line of parameter 'line' is not accessible from the generated class in package "
                        + "test; make it package-private or public",
                "fingerprint = \"line\")");
    }

    @Test
    void p020_privateNestedRecordInKeyTemplate() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private record Line(String sku, int quantity) {}",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            key = \"{line.sku}\",",
                "            fingerprint = \"quantity\")",
                "    String place(Line line, int quantity) {",
                "        return line.sku();",
                "    }",
                "}");
        assertError(source, Message.INACCESSIBLE,
                "type test.Orders.Line of parameter 'line' is not accessible",
                "key = \"{line.sku}\",");
    }

    @Test
    void p020_privateNestedRecordAsPropertyType() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private record Secret(String value) {}",
                "    record Line(String sku, Secret secret) {}",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"line\")",
                "    String place(Line line) {",
                "        return line.sku();",
                "    }",
                "}");
        assertError(source, Message.INACCESSIBLE,
                "type test.Orders.Secret (fingerprint field 'line.secret') is not accessible from the generated "
                        + "class in package test",
                "fingerprint = \"line\")");
    }

    @Test
    void p020_methodOfPrivateNestedClass() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private static class Handler {",
                "        @Idempotent(action = \"orders.handle\")",
                "        String handle(String sku) {",
                "            return sku;",
                "        }",
                "    }",
                "}");
        assertError(source, Message.INACCESSIBLE,
                "a method of private class Handler is not accessible from the generated class in package test; make "
                        + "it package-private or public",
                "@Idempotent(action = \"orders.handle\")");
    }

    @Test
    void p020_methodOfClassInsidePrivateClass() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private static class Handlers {",
                "        static class Handler {",
                "            @Idempotent(action = \"orders.handle\")",
                "            String handle(String sku) {",
                "                return sku;",
                "            }",
                "        }",
                "    }",
                "}");
        assertError(source, Message.INACCESSIBLE,
                "a method of Handler, inside private class Handlers, is not accessible from the generated class in "
                        + "package test; make it package-private or public",
                "@Idempotent(action = \"orders.handle\")");
    }

    @Test
    void p020_parameterTypeInsidePrivateClass() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private static class Model {",
                "        record Line(String sku) {}",
                "    }",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            fingerprint = \"lines\")",
                "    String place(List<Model.Line> lines) {",
                "        return \"ok\";",
                "    }",
                "}");
        assertError(source, Message.INACCESSIBLE,
                "type test.Orders.Model of parameter 'lines' is not accessible from the generated class in package "
                        + "test; make it package-private or public",
                "fingerprint = \"lines\")");
    }

    @Test
    void p020_privateStoredException() {
        JavaFileObject source = java("test.Payments",
                "class Payments {",
                "    private static class DeclinedException extends RuntimeException {",
                "        private static final long serialVersionUID = 1L;",
                "        public DeclinedException(String message) {",
                "            super(message);",
                "        }",
                "    }",
                "    @Idempotent(",
                "            action = \"payments.capture\",",
                "            storeExceptions = {",
                "                DeclinedException.class})",
                "    String capture(String paymentId) {",
                "        return paymentId;",
                "    }",
                "}");
        assertError(source, Message.INACCESSIBLE,
                "exception test.Payments.DeclinedException is not accessible from the generated class in package test",
                "DeclinedException.class})");
    }
}
