package io.idempo.processor;

import static io.idempo.processor.DiagnosticAssertions.ORDER;
import static io.idempo.processor.DiagnosticAssertions.assertCompilesCleanly;
import static io.idempo.processor.DiagnosticAssertions.assertError;
import static io.idempo.processor.DiagnosticAssertions.java;

import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * P001, P003, P015: a duplicate replays the stored result, so there must be one, of a type known at replay time;
 * and every shape of result that is fine compiles cleanly.
 */
class ResultChecksTest {

    @Test
    void p001_voidMethodWithoutNoResult() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.cancel\")",
                "    void cancel(String orderId) {",
                "    }",
                "}");
        assertError(source, Message.VOID_WITHOUT_NO_RESULT,
                "@Idempotent method returns void, so a duplicate has no result to replay; return the result, or set "
                        + "@Idempotent(noResult = true)",
                "@Idempotent(action = \"orders.cancel\")");
    }

    @Test
    void p003_noResultOnMethodReturningValue() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(",
                "            action = \"orders.place\",",
                "            noResult = true)",
                "    String place(String orderId) {",
                "        return orderId;",
                "    }",
                "}");
        assertError(source, Message.NO_RESULT_WITH_VALUE,
                "noResult = true, but the method returns java.lang.String: duplicates would get no result; remove "
                        + "noResult",
                "noResult = true)");
    }

    @Test
    void p015_returnTypeIsMethodTypeVariable() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.load\")",
                "    <T> T load(String orderId) {",
                "        return null;",
                "    }",
                "}");
        assertError(source, Message.UNREPLAYABLE_RESULT,
                "return type T uses the method's type variable T, which is unknown when a duplicate replays the "
                        + "stored result; return a concrete type",
                "@Idempotent(action = \"orders.load\")");
    }

    @Test
    void p015_returnTypeArgumentIsMethodTypeVariable() {
        JavaFileObject source = java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.loadAll\")",
                "    <T extends Number> List<? extends T> loadAll(String orderId) {",
                "        return List.of();",
                "    }",
                "}");
        assertError(source, Message.UNREPLAYABLE_RESULT,
                "return type java.util.List<? extends T> uses the method's type variable T",
                "@Idempotent(action = \"orders.loadAll\")");
    }

    @Test
    void voidWithNoResult() {
        assertCompilesCleanly(java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.cancel\", noResult = true)",
                "    void cancel(@IdempotencyKey String key, String orderId) {",
                "    }",
                "}"));
    }

    @Test
    void genericReturnTypes() {
        assertCompilesCleanly(ORDER,
                java("test.Repository",
                        "class Repository<T> {",
                        "    @Idempotent(action = \"repository.save\")",
                        "    Optional<T> save(String id) {",
                        "        return Optional.empty();",
                        "    }",
                        "    @Idempotent(action = \"repository.saveAll\")",
                        "    List<Order> saveAll(List<Order> orders) {",
                        "        return orders;",
                        "    }",
                        "    @Idempotent(action = \"repository.saveArray\")",
                        "    T[] saveArray(String id) {",
                        "        return null;",
                        "    }",
                        "    @Idempotent(action = \"repository.saveMap\")",
                        "    Map<String, List<? extends T>> saveMap(String id) {",
                        "        return Map.of();",
                        "    }",
                        "}"));
    }
}
