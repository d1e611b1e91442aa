package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.java;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * P004, P005, P006: the key and the scope come from one source each, of a usable type, and their annotations only
 * mean something on an {@code @Idempotent} method.
 */
class KeySourceChecksTest {

    @Test
    void p004_templateAndKeyParameter() {
        JavaFileObject source = java("test.Orders",
                "record Order(String id) {}",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\", key = \"{order.id}\")",
                "    String place(",
                "            @IdempotencyKey String requestKey,",
                "            Order order) {",
                "        return order.id();",
                "    }",
                "}");
        assertError(source, Message.SECOND_SOURCE,
                "@IdempotencyKey parameter 'requestKey' and the key template \"{order.id}\" both give the key; an "
                        + "@Idempotent method takes its key from exactly one source",
                "@IdempotencyKey String requestKey,");
    }

    @Test
    void p004_twoKeyParameters() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(",
                "            @IdempotencyKey String requestKey,",
                "            @IdempotencyKey String otherKey,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.SECOND_SOURCE,
                "parameter 'otherKey' is a second @IdempotencyKey; an @Idempotent method takes its key from exactly "
                        + "one source",
                "@IdempotencyKey String otherKey,");
    }

    @Test
    void p004_twoScopeParameters() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(",
                "            @IdempotencyScope String tenant,",
                "            @IdempotencyScope long userId,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.SECOND_SOURCE,
                "parameter 'userId' is a second @IdempotencyScope; an @Idempotent method takes its scope from "
                        + "exactly one source",
                "@IdempotencyScope long userId,");
    }

    @Test
    void p005_keyParameterOfUnusableType() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(",
                "            @IdempotencyKey long requestKey,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.UNUSABLE_PARAMETER_TYPE,
                "@IdempotencyKey parameter 'requestKey' has type long; use String, CharSequence or UUID",
                "@IdempotencyKey long requestKey,");
    }

    @Test
    void p005_scopeParameterOfUnusableType() {
        JavaFileObject source = java("test.Orders",
                "record Tenant(String id) {}",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\")",
                "    String place(",
                "            @IdempotencyScope Tenant tenant,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.UNUSABLE_PARAMETER_TYPE,
                "@IdempotencyScope parameter 'tenant' has type test.Tenant; use String, CharSequence, UUID, long, "
                        + "int (or their boxes) or java.security.Principal",
                "@IdempotencyScope Tenant tenant,");
    }

    @Test
    void p006_keyParameterOnMethodWithoutIdempotent() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    String place(",
                "            @IdempotencyKey String requestKey,",
                "            String sku) {",
                "        return sku;",
                "    }",
                "}");
        assertError(source, Message.ORPHAN_PARAMETER,
                "@IdempotencyKey on a parameter of place, which is not @Idempotent: it does nothing; annotate the "
                        + "method with @Idempotent or remove it",
                "@IdempotencyKey String requestKey,");
    }

    @Test
    void p006_scopeParameterOnConstructor() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    private final String tenant;",
                "    Orders(",
                "            @IdempotencyScope String tenant) {",
                "        this.tenant = tenant;",
                "    }",
                "    String tenant() {",
                "        return tenant;",
                "    }",
                "}");
        assertError(source, Message.ORPHAN_PARAMETER,
                "@IdempotencyScope on a parameter of the constructor of Orders, which is not @Idempotent: it does "
                        + "nothing; only a method can be @Idempotent, so remove it",
                "@IdempotencyScope String tenant) {");
    }

    @Test
    void p006_keyOnRecordComponent() {
        JavaFileObject source = java("test.PlaceOrder",
                "record PlaceOrder(",
                "        @IdempotencyKey String requestKey,",
                "        String sku) {",
                "}");
        assertError(source, Message.ORPHAN_PARAMETER,
                "@IdempotencyKey on a parameter of the constructor of PlaceOrder, which is not @Idempotent",
                "@IdempotencyKey String requestKey,");
    }
}
