package io.idempo.processor;

import static com.google.common.truth.Truth.assertThat;
import static io.idempo.processor.DiagnosticAssertions.assertCompilesCleanly;
import static io.idempo.processor.DiagnosticAssertions.java;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.google.testing.compile.JavaFileObjects;
import io.idempo.plan.MethodPlan;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The names a generated class declares (constants, functions, writers, parameters, locals, lambda parameters) never
 * clash with, or hide, a name of the user's: a method, a parameter, a type of the same package or a package.
 * Each program compiles without a warning, and every plan is found at run time.
 */
class GeneratedNamesTest {

    @Test
    void methodNamedPlans() {
        Map<String, MethodPlan> plans = assertCompilesCleanly(java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.plans\")",
                "    String plans(String sku) {",
                "        return sku;",
                "    }",
                "    @Idempotent(action = \"orders.plan\")",
                "    String plan(String sku) {",
                "        return sku;",
                "    }",
                "}")).planOfEveryIdempotentMethod();
        assertThat(plans.keySet()).containsExactly("test.Orders.plan(java.lang.String)",
                "test.Orders.plans(java.lang.String)");
    }

    @Test
    void overloadsBesideAMethodNamedLikeTheSecondOverload() {
        Map<String, MethodPlan> plans = assertCompilesCleanly(java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"payments.pay\")",
                "    String pay(String account, long cents) {",
                "        return account;",
                "    }",
                "    @Idempotent(action = \"payments.payWithNote\")",
                "    String pay(String account, long cents, String note) {",
                "        return account;",
                "    }",
                "    @Idempotent(action = \"payments.pay2\")",
                "    String pay2(String account) {",
                "        return account;",
                "    }",
                "}")).planOfEveryIdempotentMethod();
        assertEquals("payments.pay", plans.get("test.Orders.pay(java.lang.String,long)").action());
        assertEquals("payments.payWithNote",
                plans.get("test.Orders.pay(java.lang.String,long,java.lang.String)").action());
        assertEquals("payments.pay2", plans.get("test.Orders.pay2(java.lang.String)").action());
    }

    @Test
    void parameterNamedLikeALambdaParameter() {
        CompiledClasses classes = assertCompilesCleanly(java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.group\")",
                "    String group(String value1, List<List<String>> out1, Map<String, List<String>> value2) {",
                "        return value1;",
                "    }",
                "    @Idempotent(action = \"orders.groupPlain\")",
                "    String groupPlain(String first, List<List<String>> lists, Map<String, List<String>> map) {",
                "        return first;",
                "    }",
                "    static Object[] arguments(String sku) {",
                "        return new Object[] {sku, List.of(List.of(sku, \"b\")), Map.of(\"k\", List.of(sku))};",
                "    }",
                "}"));
        Map<String, MethodPlan> plans = classes.planOfEveryIdempotentMethod();
        MethodPlan group = plans.get("test.Orders.group(java.lang.String,java.util.List,java.util.Map)");
        MethodPlan plain = plans.get("test.Orders.groupPlain(java.lang.String,java.util.List,java.util.Map)");
        // same shapes, other parameter names: the field names, so the digests, differ; each is stable and sensitive
        String digest = group.fingerprint(classes.call("test.Orders", "arguments", "TEA-1")).digest();
        assertEquals(digest, group.fingerprint(classes.call("test.Orders", "arguments", "TEA-1")).digest());
        assertNotEquals(digest, group.fingerprint(classes.call("test.Orders", "arguments", "CUP-9")).digest());
        assertNotEquals(digest, plain.fingerprint(classes.call("test.Orders", "arguments", "TEA-1")).digest());
    }

    @Test
    void typeNamedOverrideInTheSamePackage() {
        assertCompilesCleanly(java("test.Override",
                "final class Override {}"), java("test.Orders",
                "class Orders {",
                "    @Idempotent(action = \"orders.place\", key = \"{sku}\")",
                "    String place(String sku, List<String> tags) {",
                "        return sku;",
                "    }",
                "}"));
    }

    /**
     * One class whose names mimic every pattern the generator uses: methods named like the plan list, the lookup,
     * the constants, the functions and the writers; parameters named like the generated functions' parameters,
     * lambda parameters, constants, the imported types, the generated class and the package; and, in the same
     * package, types named like every {@code java.lang} type and import the generated class uses. javac would
     * reject the generated class if any name clashed or were hidden; the plans must also compute what the same
     * methods with plain names compute.
     */
    @Test
    void everyGeneratedNamePatternMimicked() {
        JavaFileObject orders = JavaFileObjects.forSourceLines("test.Orders",
                "package test;",
                "",
                "import io.idempo.IdempotencyKey;",
                "import io.idempo.Idempotent;",
                "",
                "class Orders {",
                "    record Line(java.lang.String sku, int quantity) {}",
                "    record LineFingerprint(java.lang.String sku) {}",
                "    record Key(java.lang.String value) {}",
                "",
                "    @Idempotent(action = \"orders.plans\", key = \"{value.sku}\")",
                "    java.lang.String plans(Line value, java.util.List<java.util.List<java.lang.String>> out,",
                "            java.util.Map<java.lang.String, java.util.List<Line>> arguments, int out1, long value1,",
                "            java.lang.String out2, java.lang.String value2, java.lang.String test,",
                "            java.lang.String java, java.lang.String javax, java.lang.String CanonicalWriter,",
                "            java.lang.String MethodPlan, java.lang.String IdempotencyPlans,",
                "            java.lang.String List, java.lang.String Orders_Idempotency, java.lang.String PLANS,",
                "            java.lang.String SKU, java.lang.String VALUE, java.lang.String signature) {",
                "        return test;",
                "    }",
                "",
                "    @Idempotent(action = \"orders.plain\", key = \"{line.sku}\")",
                "    java.lang.String plain(Line line, java.util.List<java.util.List<java.lang.String>> lists,",
                "            java.util.Map<java.lang.String, java.util.List<Line>> map, int a, long b,",
                "            java.lang.String c, java.lang.String d, java.lang.String e, java.lang.String f,",
                "            java.lang.String g, java.lang.String h, java.lang.String i, java.lang.String j,",
                "            java.lang.String k, java.lang.String l, java.lang.String m, java.lang.String n,",
                "            java.lang.String o, java.lang.String p) {",
                "        return c;",
                "    }",
                "",
                "    @Idempotent(action = \"orders.plan\")",
                "    java.lang.String plan(@IdempotencyKey java.lang.String sku) {",
                "        return sku;",
                "    }",
                "",
                "    @Idempotent(action = \"orders.pay\", key = \"{line.sku}\")",
                "    java.lang.String pay(Line line) {",
                "        return line.sku();",
                "    }",
                "",
                "    @Idempotent(action = \"orders.payTwice\", key = \"{line.sku}\")",
                "    java.lang.String pay(Line line, int times) {",
                "        return line.sku();",
                "    }",
                "",
                "    @Idempotent(action = \"orders.pay2\")",
                "    java.lang.String pay2(LineFingerprint lineFingerprint) {",
                "        return lineFingerprint.sku();",
                "    }",
                "",
                "    @Idempotent(action = \"orders.payFingerprint\")",
                "    java.lang.String payFingerprint(@IdempotencyKey java.lang.String payKey) {",
                "        return payKey;",
                "    }",
                "",
                "    @Idempotent(action = \"orders.writeLine\")",
                "    java.lang.String writeLine(LineFingerprint line) {",
                "        return line.sku();",
                "    }",
                "",
                "    @Idempotent(action = \"orders.write\", key = \"{key.value}\")",
                "    java.lang.String write(Key key, Line writeLine) {",
                "        return key.value();",
                "    }",
                "",
                "    @Idempotent(action = \"orders.sku\")",
                "    java.lang.String sku(Line line) {",
                "        return line.sku();",
                "    }",
                "",
                "    @Idempotent(action = \"orders.placeOrder\")",
                "    java.lang.String placeOrder(@IdempotencyKey java.lang.String id) {",
                "        return id;",
                "    }",
                "",
                "    @Idempotent(action = \"orders.place_order\")",
                "    java.lang.String place_order(@IdempotencyKey java.lang.String id) {",
                "        return id;",
                "    }",
                "",
                "    static java.lang.Object[] arguments(java.lang.String sku) {",
                "        return new java.lang.Object[] {new Line(sku, 2), java.util.List.of(java.util.List.of(sku)),",
                "                java.util.Map.of(\"k\", java.util.List.of(new Line(sku, 3))), 4, 5L,",
                "                \"c\", \"d\", \"e\", \"f\", \"g\", \"h\", \"i\", \"j\", \"k\", \"l\", \"m\", \"n\", \"o\", \"p\"};",
                "    }",
                "}");
        CompiledClasses classes = assertCompilesCleanly(orders,
                type("Override", "final class Override {}"),
                type("SuppressWarnings", "@interface SuppressWarnings { java.lang.String[] value(); }"),
                type("String", "final class String {}"),
                type("Object", "final class Object {}"),
                type("CanonicalWriter", "final class CanonicalWriter {}"),
                type("MethodPlan", "final class MethodPlan {}"),
                type("IdempotencyPlans", "interface IdempotencyPlans {}"),
                type("List", "final class List {}"),
                type("Generated", "@interface Generated { java.lang.String[] value(); }"));
        Map<String, MethodPlan> plans = classes.planOfEveryIdempotentMethod();
        assertEquals(12, plans.size());
        String listAndMap = "(test.Orders$Line,java.util.List,java.util.Map,int,long,"
                + "java.lang.String,java.lang.String,java.lang.String,java.lang.String,java.lang.String,"
                + "java.lang.String,java.lang.String,java.lang.String,java.lang.String,java.lang.String,"
                + "java.lang.String,java.lang.String,java.lang.String,java.lang.String)";
        MethodPlan mimic = plans.get("test.Orders.plans" + listAndMap);
        MethodPlan plain = plans.get("test.Orders.plain" + listAndMap);
        Object[] arguments = classes.call("test.Orders", "arguments", "TEA-1");
        assertEquals("TEA-1", mimic.renderKey(arguments));
        assertEquals(plain.renderKey(arguments), mimic.renderKey(arguments));
        assertNotEquals(mimic.fingerprint(arguments).digest(),
                mimic.fingerprint(classes.call("test.Orders", "arguments", "CUP-9")).digest());
    }

    private static JavaFileObject type(String name, String declaration) {
        return JavaFileObjects.forSourceLines("test." + name, "package test;", "", declaration);
    }
}
